// A dashboard's tabs, kept in the URL (?tab=) so a tab can be linked to and survives a reload. Only
// the open tab is rendered; a tab whose code loads on first opening shows a loader meanwhile.
import { Tabs } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { SectionLoader } from './status-screens.tsx';

/** `badge`: a count shown after the label (e.g. unread messages on Pricing). */
export type DashboardTab = { value: string; label: string; panel: ReactNode; badge?: ReactNode };

export function DashboardTabs({ tabs }: { tabs: DashboardTab[] }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active = tabs.some((t) => t.value === requested) ? requested! : tabs[0].value;
  return (
    <Tabs
      value={active}
      onChange={(value) => setParams(value && value !== tabs[0].value ? { tab: value } : {}, { replace: true })}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        {tabs.map((t) => (
          <Tabs.Tab key={t.value} value={t.value} rightSection={t.badge}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Panel key={t.value} value={t.value}>
          <Suspense fallback={<SectionLoader />}>{t.panel}</Suspense>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

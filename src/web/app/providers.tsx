// Everything the app runs inside: theme, toasts (one at a time, 5000 ms), the query cache.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// After Mantine's styles: resizes every control to thumb size on a phone (decision 015).
import './touch-targets.css';
import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorSchemeManager,
  type MantineColorsTuple,
  MantineProvider,
} from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { useT } from '../lib/i18n/use-t.ts';
import { createQueryClient } from '../lib/query-client.ts';

// Mantine's stock green is too light for text: its darkest shade gives 4.1:1 on white, below WCAG's
// 4.5:1. This farm green keeps white on shade 6 (buttons) at 6.1:1 and shade 6 on its light tint at
// 5.3:1, so filled, light and text uses all pass (decision 008).
const farmGreen: MantineColorsTuple = [
  '#e8f5ea',
  '#cfe9d4',
  '#a3d4ad',
  '#74bd84',
  '#4ea863',
  '#2f8a47',
  '#1f7035',
  '#1a6330',
  '#16562a',
  '#124a24',
];

/** The theme, with the names it gives icon buttons in the current language (`t`). */
const themeFor = (t: (key: string) => string) =>
  createTheme({
    primaryColor: 'green',
    colors: { green: farmGreen },
    defaultRadius: 'md',
    // A phone set to reduce motion (a vestibular disorder, or just a slow phone) gets no sliding or fading.
    respectReducedMotion: true,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif', // i18n-ignore: CSS fonts
    // Plain objects keyed by component name, not Component.extend(): importing Select, Modal and
    // PasswordInput here would put them (and Combobox, Popover, floating-ui) in the entry chunk that
    // every page loads first (decision 031).
    components: {
      // The eye button's default name contains "password", so it would share the field's label.
      PasswordInput: {
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('common.showOrHide') } },
      },
      // A badge beside text in a row keeps its width: squeezed, it read 'MARKET …' or 'In ou…' at 375 px.
      // Only a badge wider than its whole container is cut (the e2e layout check lists any). Badges say
      // the spec's words as the spec writes them ('Well Stocked', 'Active Cycle'), not in capitals.
      Badge: { styles: { root: { flexShrink: 0, maxWidth: '100%', textTransform: 'none' } } },
      // A toast's message under its title is gray.6 in Mantine (3.3:1 on white, axe color-contrast):
      // gray.7 like the rest of the app's secondary text (decision 047).
      Notification: { styles: { description: { color: 'var(--mantine-color-gray-7)' } } },
      // The dialogs' close button is an icon with no name of its own.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } } },
      // A dialog's title row is a <header>, which outside sectioning content is a second page banner
      // beside the app's own (axe landmark-no-duplicate-banner, landmark-unique; decision 047).
      ModalHeader: { defaultProps: { role: 'presentation' } },
      DrawerHeader: { defaultProps: { role: 'presentation' } },
      // A searchable picker takes a typed name and Enter: the first match is highlighted as you type
      // (decision 015), so Enter picks it.
      Select: { defaultProps: { selectFirstOptionOnChange: true } },
    },
  });

// Mantine's dimmed text (gray.6, 3.3:1 on white) and error red (red.6, 3.3:1) fail WCAG's 4.5:1 for
// small text; gray.7 (8.2:1) is what the price editor already uses for secondary text, red.9 is 5.5:1.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

// The app is light only: its colour scheme is never read from or written to localStorage, as Mantine's
// default manager does on the first render (a synchronous storage read before the first paint).
const lightOnly: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

export const NOTIFICATION_LIMIT = 1;
export const NOTIFICATION_MS = 5000;

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const t = useT();
  const theme = useMemo(() => themeFor(t), [t]);
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      colorSchemeManager={lightOnly}
      cssVariablesResolver={cssVariablesResolver}
    >
      {/* At the bottom (centred on a phone, at the right on a wide screen): a toast never covers the
          header's buttons nor the offline banner under it (decision 067). */}
      <Notifications limit={NOTIFICATION_LIMIT} autoClose={NOTIFICATION_MS} position="bottom-right" />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>{children}</BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}

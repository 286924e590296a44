// Settings → Produce lists (decision 068): the produce types and qualities a supplier's offer chooses
// from, one per line. A bad line is named with its message and nothing is sent; what was typed stays.
import { Button, Card, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ProduceListName, ProduceLists } from '../../../../shared/produce-lists.ts';
import { produceListsBody } from '../../../../shared/produce-lists-schemas.ts';
import { FormError } from '../../../components/form-error.tsx';
import { translateEnglish } from '../../../lib/i18n/english-messages.ts';
import { t as translate } from '../../../lib/i18n/language.ts';
import { useT } from '../../../lib/i18n/use-t.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useProduceLists, useSaveProduceLists } from '../api/produce-lists.ts';

type Typed = Record<ProduceListName, string>;
type Problems = Partial<Record<ProduceListName, string>>;

/** A list's lines with their line numbers; blank lines only separate entries. */
const linesOf = (typed: string) =>
  typed
    .split('\n')
    .map((entry, index) => ({ entry, line: index + 1 }))
    .filter(({ entry }) => entry.trim() !== '');

/** The lists to send, or each list's first problem, naming its line. */
export function checkProduceLists(typed: Typed) {
  const lines = { produceTypes: linesOf(typed.produceTypes), qualities: linesOf(typed.qualities) };
  const parsed = produceListsBody.safeParse({
    produceTypes: lines.produceTypes.map((l) => l.entry),
    qualities: lines.qualities.map((l) => l.entry),
  });
  if (parsed.success) return { lists: parsed.data, problems: {} as Problems };
  const problems: Problems = {};
  for (const issue of parsed.error.issues) {
    const [list, index] = issue.path as [ProduceListName, number | undefined];
    if (problems[list]) continue;
    const line = typeof index === 'number' ? lines[list][index]?.line : undefined;
    // The shared schema says its messages in English; the reader gets them in the current language.
    const message = translateEnglish(issue.message);
    problems[list] = line ? translate('suppliers.lineProblem', { line, message }) : message;
  }
  return { lists: null, problems };
}

/** Each list's label and hint (catalogue keys). */
const fieldText = {
  produceTypes: { label: 'suppliers.produceTypes', hint: 'suppliers.oneProduceTypeALine' },
  qualities: { label: 'suppliers.qualities', hint: 'suppliers.oneQualityALine' },
} as const;

/** The lists as the text areas show them: one entry a line. */
const typedOf = (lists: ProduceLists): Typed => ({
  produceTypes: lists.produceTypes.join('\n'),
  qualities: lists.qualities.join('\n'),
});

function ListField(props: {
  list: ProduceListName;
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
}) {
  const t = useT();
  return (
    <Textarea
      label={t(fieldText[props.list].label)}
      description={t(fieldText[props.list].hint)}
      size="md"
      autosize
      minRows={4}
      maxRows={12}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={props.problem}
    />
  );
}

export function ProduceListsCard() {
  const t = useT();
  const current = useProduceLists();
  const save = useSaveProduceLists();
  const [typed, setTyped] = useState<Typed | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const loaded = current.data;
  useEffect(() => {
    if (loaded) setTyped((was) => was ?? typedOf(loaded));
  }, [loaded]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!typed) return;
    const checked = checkProduceLists(typed);
    setProblems(checked.problems);
    if (checked.lists) save.mutate(checked.lists, { onSuccess: () => notifySuccess(t('suppliers.produceListsSaved')) });
  };
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="produce-lists-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="produce-lists-title">
          {t('suppliers.produceLists')}
        </Title>
        <Text size="sm">{t('suppliers.produceListsIntro', { other: t('suppliers.otherChoice') })}</Text>
        {typed === null ? (
          <Skeleton height={160} />
        ) : (
          <form onSubmit={submit} noValidate aria-label={t('suppliers.produceLists')}>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {(['produceTypes', 'qualities'] as const).map((list) => (
                  <ListField
                    key={list}
                    list={list}
                    value={typed[list]}
                    problem={problems[list]}
                    onChange={(value) => setTyped((was) => (was ? { ...was, [list]: value } : was))}
                  />
                ))}
              </SimpleGrid>
              <FormError error={save.isError ? save.error : null} fallback={t('suppliers.listsSaveFailed')} />
              <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
                {t('suppliers.saveProduceLists')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}

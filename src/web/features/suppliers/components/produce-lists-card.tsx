// Settings → Produce lists (decision 068): the produce types and qualities a supplier's offer chooses
// from, one per line. A bad line is named with its message and nothing is sent; what was typed stays.
import { Button, Card, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { produceListMessages as m, OTHER_CHOICE, type ProduceListName } from '../../../../shared/produce-lists.ts';
import { produceListsBody } from '../../../../shared/produce-lists-schemas.ts';
import { FormError } from '../../../components/form-error.tsx';
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
    problems[list] = line ? `Line ${line}: ${issue.message}` : issue.message;
  }
  return { lists: null, problems };
}

const fieldText = {
  produceTypes: { label: 'Produce types', noun: 'produce type' },
  qualities: { label: 'Qualities', noun: 'quality' },
} as const;

function ListField(props: {
  list: ProduceListName;
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Textarea
      label={fieldText[props.list].label}
      description={`One ${fieldText[props.list].noun} a line`}
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
  const current = useProduceLists();
  const save = useSaveProduceLists();
  const [typed, setTyped] = useState<Typed | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const loaded = current.data;
  useEffect(() => {
    if (loaded)
      setTyped((t) => t ?? { produceTypes: loaded.produceTypes.join('\n'), qualities: loaded.qualities.join('\n') });
  }, [loaded]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!typed) return;
    const checked = checkProduceLists(typed);
    setProblems(checked.problems);
    if (checked.lists) save.mutate(checked.lists, { onSuccess: () => notifySuccess(m.saved) });
  };
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="produce-lists-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="produce-lists-title">
          Produce lists
        </Title>
        <Text size="sm">
          What a supplier’s offer chooses from. The form always adds “{OTHER_CHOICE}”, with a note, for anything else.
        </Text>
        {typed === null ? (
          <Skeleton height={160} />
        ) : (
          <form onSubmit={submit} noValidate aria-label="Produce lists">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {(['produceTypes', 'qualities'] as const).map((list) => (
                  <ListField
                    key={list}
                    list={list}
                    value={typed[list]}
                    problem={problems[list]}
                    onChange={(value) => setTyped((t) => (t ? { ...t, [list]: value } : t))}
                  />
                ))}
              </SimpleGrid>
              <FormError error={save.isError ? save.error : null} fallback="The lists could not be saved" />
              <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
                Save produce lists
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}

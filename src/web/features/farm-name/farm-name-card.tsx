// Settings → Farm name (decision 067): the one name on the farm's statements, PDFs and public site.
// FARM_NAME on the server is only its first value; what is saved here wins, for every instance at once.
import { Button, Card, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FARM_NAME_MAX, farmNameMessages as m } from '../../../shared/farm-name.ts';
import { farmNameBody } from '../../../shared/farm-name-schemas.ts';
import { FormError } from '../../components/form-error.tsx';
import { notifySuccess } from '../../lib/notify.ts';
import { useFarmName, useSaveFarmName } from './api.ts';

const sourceText = {
  settings: 'Set here.',
  configured: 'From the server’s FARM_NAME until you save one here.',
  default: 'No name set yet: this is the name the public site has always shown.',
} as const;

export function FarmNameCard() {
  const current = useFarmName();
  const save = useSaveFarmName();
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const loaded = current.data?.name;
  useEffect(() => {
    if (loaded !== undefined) setTyped((t) => t ?? loaded);
  }, [loaded]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = farmNameBody.safeParse({ name: typed ?? '' });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? m.required);
    setProblem(null);
    save.mutate(parsed.data.name, { onSuccess: () => notifySuccess(m.saved) });
  };
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="farm-name-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="farm-name-title">
          Farm name
        </Title>
        <Text size="sm">The name on the farm’s statements, report PDFs and public site.</Text>
        {current.data === undefined ? (
          <Skeleton height={44} />
        ) : (
          <form onSubmit={submit} noValidate aria-label="Farm name">
            <Stack gap="sm">
              <TextInput
                label="Farm name"
                size="md"
                maxLength={FARM_NAME_MAX + 20}
                value={typed ?? ''}
                onChange={(e) => setTyped(e.currentTarget.value)}
                error={problem}
                description={sourceText[current.data.source]}
              />
              <FormError error={save.isError ? save.error : null} fallback="The name could not be saved" />
              <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
                Save farm name
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}

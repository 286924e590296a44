// /import (decision 050): the farm store brings its paper records in. Upload a CSV or XLSX file, check
// the column mapping (prefilled with the server's guess from the headers), see every bad row and why
// (a page at a time), then import it all at once. New agents' first passwords are shown once, to print.
// The steps' state and server calls are in use-import-steps.ts; this file draws the steps.
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  FileInput,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconFileImport, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import {
  type ImportField,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
  importFieldKeys,
  importFields,
} from '../../../../shared/imports.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { RoleGate } from '../../../components/role-gate.tsx';
import { useT } from '../../../lib/i18n/use-t.ts';
import { useImportSteps } from './use-import-steps.ts';

const PAGE_SIZE = 20;

/** A striped table of the import's rows under the `columns` named; it scrolls sideways on a phone. */
function ImportTable({ testId, columns, children }: { testId: string; columns: string[]; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ProblemsTable({ preview }: { preview: ImportPreview }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(preview.problems.length / PAGE_SIZE));
  const shown = preview.problems.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('imports.rowsNeedFixing', { count: preview.badRows })}
      </Title>
      <ImportTable
        testId="import-problems"
        columns={[t('imports.colRow'), t('imports.colColumn'), t('imports.colWhy')]}
      >
        {shown.map((p) => (
          <Table.Tr key={`${p.line}-${p.column}-${p.message}`}>
            <Table.Td>{p.line}</Table.Td>
            <Table.Td>{p.column ?? '—'}</Table.Td>
            <Table.Td>{p.message}</Table.Td>
          </Table.Tr>
        ))}
      </ImportTable>
      {pages > 1 && (
        <Pagination total={pages} value={page} onChange={setPage} size="lg" aria-label={t('imports.pagesOfProblems')} />
      )}
    </Stack>
  );
}

function MappingForm({
  preview,
  mapping,
  onChange,
}: {
  preview: ImportPreview;
  mapping: ImportMapping;
  onChange: (field: ImportField, column: number | null) => void;
}) {
  const t = useT();
  const options = preview.headers.map((h, i) => ({ value: String(i), label: h || t('imports.columnN', { n: i + 1 }) }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
      {importFields.map((field) => (
        <Select
          key={field}
          label={t(importFieldKeys[field])}
          placeholder={t('imports.notInFile')}
          data={options}
          value={mapping[field] === null ? null : String(mapping[field])}
          onChange={(v) => onChange(field, v === null ? null : Number(v))}
          clearable
          clearButtonProps={{ 'aria-label': t('imports.clearField', { field: t(importFieldKeys[field]) }) }}
          withAsterisk={field === 'agentEmail'}
        />
      ))}
    </SimpleGrid>
  );
}

function Summary({ preview }: { preview: ImportPreview }) {
  const t = useT();
  const s = preview.summary;
  return <Text data-testid="import-summary">{t('imports.summary', { ...s })}</Text>;
}

function Accounts({ result }: { result: ImportResult }) {
  const t = useT();
  return (
    <Stack data-testid="import-result">
      <Alert color="green" title={t('imports.imported')}>
        {t('imports.resultAdded', { agents: result.summary.newAgents, clients: result.summary.clients })}
      </Alert>
      {result.accounts.length > 0 && (
        <>
          <Text>{t('imports.passwordsIntro')}</Text>
          <ImportTable
            testId="import-accounts"
            columns={[
              t('imports.colAgent'),
              t('imports.colEmail'),
              t('imports.colNumber'),
              t('imports.colFirstPassword'),
            ]}
          >
            {result.accounts.map((a) => (
              <Table.Tr key={a.email}>
                <Table.Td>{a.name}</Table.Td>
                <Table.Td>{a.email}</Table.Td>
                <Table.Td>{a.agentNumber}</Table.Td>
                <Table.Td>
                  <Code>{a.password}</Code>
                </Table.Td>
              </Table.Tr>
            ))}
          </ImportTable>
          <Group>
            <Button leftSection={<IconPrinter size={18} />} variant="light" onClick={() => window.print()}>
              {t('imports.print')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

type ImportSteps = ReturnType<typeof useImportSteps>;

/** Step one: what the sheet holds, the file to choose, and why it could not be checked or imported. */
function UploadStep({ steps }: { steps: ImportSteps }) {
  const t = useT();
  return (
    <Card withBorder>
      <Stack>
        <Text>{t('imports.uploadIntro')}</Text>
        <Text size="sm" c="dimmed">
          {t('imports.languageIntro')}
        </Text>
        <FileInput
          label={t('imports.fileToImport')}
          placeholder={t('imports.chooseFile')}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={steps.file}
          onChange={(f) => void steps.choose(f)}
          leftSection={<IconFileImport size={18} />}
          clearable
          clearButtonProps={{ 'aria-label': t('imports.clearFile') }}
          data-testid="import-file"
        />
        {steps.checking && <Text c="dimmed">{t('imports.checking')}</Text>}
        {steps.error && (
          <Alert color="red" role="alert" data-testid="import-error">
            {steps.error}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** Step two: the columns the file is read with, its summary and bad rows, and the button that imports it. */
function CheckStep({
  steps,
  preview,
  mapping,
}: {
  steps: ImportSteps;
  preview: ImportPreview;
  mapping: ImportMapping;
}) {
  const t = useT();
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h3">
          {t('imports.columnsOf', { fileName: preview.fileName })}
        </Title>
        <MappingForm preview={preview} mapping={mapping} onChange={steps.setColumn} />
        {steps.mappingChanged && (
          <Group>
            <Button onClick={steps.checkAgain} loading={steps.checking}>
              {t('imports.checkAgain')}
            </Button>
          </Group>
        )}
        <Summary preview={preview} />
        {preview.alreadyImportedAt && <Alert color="yellow">{t('imports.alreadyImportedNote')}</Alert>}
        {preview.problems.length > 0 ? (
          <ProblemsTable key={preview.sha256 + preview.problems.length} preview={preview} />
        ) : (
          !steps.mappingChanged && (
            <Badge color="green" size="lg" variant="light">
              {t('imports.everyRowReady')}
            </Badge>
          )
        )}
        <Group>
          <Button onClick={() => void steps.commit()} disabled={!steps.ready} loading={steps.importing}>
            {t('imports.importRows', { rows: preview.summary.rows })}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ImportScreen() {
  const steps = useImportSteps();
  const { preview, mapping, result } = steps;
  return (
    <Stack>
      <UploadStep steps={steps} />
      {preview && mapping && <CheckStep steps={steps} preview={preview} mapping={mapping} />}
      {result && <Accounts result={result} />}
    </Stack>
  );
}

export function ImportPage() {
  const t = useT();
  return (
    <RoleGate permission="import:records:any" denied={t('imports.onlyFarmStore')}>
      <PageHeader title={t('imports.title')} description={t('imports.description')} />
      <ImportScreen />
    </RoleGate>
  );
}

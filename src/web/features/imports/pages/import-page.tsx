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
  importFieldLabels,
  importFields,
  importMessages,
} from '../../../../shared/imports.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { RoleGate } from '../../../components/role-gate.tsx';
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
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(preview.problems.length / PAGE_SIZE));
  const shown = preview.problems.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {preview.badRows === 1 ? '1 row needs fixing' : `${preview.badRows} rows need fixing`}
      </Title>
      <ImportTable testId="import-problems" columns={['Row', 'Column', 'Why']}>
        {shown.map((p) => (
          <Table.Tr key={`${p.line}-${p.column}-${p.message}`}>
            <Table.Td>{p.line}</Table.Td>
            <Table.Td>{p.column ?? '—'}</Table.Td>
            <Table.Td>{p.message}</Table.Td>
          </Table.Tr>
        ))}
      </ImportTable>
      {pages > 1 && (
        <Pagination total={pages} value={page} onChange={setPage} size="lg" aria-label="Pages of problems" />
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
  const options = preview.headers.map((h, i) => ({ value: String(i), label: h || `Column ${i + 1}` }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
      {importFields.map((field) => (
        <Select
          key={field}
          label={importFieldLabels[field]}
          placeholder="Not in this file"
          data={options}
          value={mapping[field] === null ? null : String(mapping[field])}
          onChange={(v) => onChange(field, v === null ? null : Number(v))}
          clearable
          clearButtonProps={{ 'aria-label': `Clear ${importFieldLabels[field]}` }}
          withAsterisk={field === 'agentEmail'}
        />
      ))}
    </SimpleGrid>
  );
}

function Summary({ preview }: { preview: ImportPreview }) {
  const s = preview.summary;
  return (
    <Text data-testid="import-summary">
      {s.rows} rows: {s.newAgents} new agents, {s.existingAgents} existing agents, {s.clients} clients; opening balances{' '}
      {s.fullCrates} full and {s.emptyCrates} empty crates with agents, {s.cratesOnLoan} crates on loan.
    </Text>
  );
}

function Accounts({ result }: { result: ImportResult }) {
  return (
    <Stack data-testid="import-result">
      <Alert color="green" title={importMessages.imported}>
        {result.summary.newAgents} agents and {result.summary.clients} clients were added, with their crates.
      </Alert>
      {result.accounts.length > 0 && (
        <>
          <Text>
            Each new agent signs in with the first password below. It is shown only now: print this list and hand each
            agent theirs; they can change it under Change My Password.
          </Text>
          <ImportTable testId="import-accounts" columns={['Agent', 'E-mail', 'Number', 'First password']}>
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
              Print
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
  return (
    <Card withBorder>
      <Stack>
        <Text>
          One sheet, one row per agent or per client. Every row names its agent by e-mail; a new agent needs a name and
          phone on one of its rows, and may have full and empty crates; a client row has the client’s business, name,
          phone and the crates on loan. CSV (UTF-8) or Excel .xlsx, at most 5 MB.
        </Text>
        <FileInput
          label="File to import"
          placeholder="Choose a CSV or .xlsx file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={steps.file}
          onChange={(f) => void steps.choose(f)}
          leftSection={<IconFileImport size={18} />}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
          data-testid="import-file"
        />
        {steps.checking && <Text c="dimmed">Checking the file…</Text>}
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
  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h3">
          Columns of {preview.fileName}
        </Title>
        <MappingForm preview={preview} mapping={mapping} onChange={steps.setColumn} />
        {steps.mappingChanged && (
          <Group>
            <Button onClick={steps.checkAgain} loading={steps.checking}>
              Check again with these columns
            </Button>
          </Group>
        )}
        <Summary preview={preview} />
        {preview.alreadyImportedAt && (
          <Alert color="yellow">This file was already imported: importing it again changes nothing.</Alert>
        )}
        {preview.problems.length > 0 ? (
          <ProblemsTable key={preview.sha256 + preview.problems.length} preview={preview} />
        ) : (
          !steps.mappingChanged && (
            <Badge color="green" size="lg" variant="light">
              Every row is ready
            </Badge>
          )
        )}
        <Group>
          <Button onClick={() => void steps.commit()} disabled={!steps.ready} loading={steps.importing}>
            Import {preview.summary.rows} rows
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
  return (
    <RoleGate permission="import:records:any" denied="Only the farm store can import records">
      <PageHeader title="Import" description="Agents, their clients and opening balances from a spreadsheet" />
      <ImportScreen />
    </RoleGate>
  );
}

// The English catalogue: the default, and every other language's fallback key by key (decision 065).
// One import per file of this folder (a unit test checks none is left out); a file is a namespace.
import '../plural-data/en.ts';
import type { Catalogue } from '../translator.ts';
import agents from './agents.json';
import app from './app.json';
import audit from './audit.json';
import auth from './auth.json';
import balanceStatements from './balance-statements.json';
import billing from './billing.json';
import clients from './clients.json';
import common from './common.json';
import components from './components.json';
import contact from './contact.json';
import crates from './crates.json';
import dashboard from './dashboard.json';
import dates from './dates.json';
import errors from './errors.json';
import evidence from './evidence.json';
import exports from './exports.json';
import farmName from './farm-name.json';
import glossary from './glossary.json';
import imports from './imports.json';
import integrations from './integrations.json';
import landing from './landing.json';
import languages from './languages.json';
import mail from './mail.json';
import offline from './offline.json';
import outbox from './outbox.json';
import pricing from './pricing.json';
import reports from './reports.json';
import stockTakes from './stock-takes.json';
import suppliers from './suppliers.json';
import transmissions from './transmissions.json';
import users from './users.json';

export default {
  agents,
  app,
  audit,
  auth,
  'balance-statements': balanceStatements,
  billing,
  clients,
  common,
  components,
  contact,
  crates,
  dashboard,
  dates,
  errors,
  evidence,
  exports,
  glossary,
  'farm-name': farmName,
  imports,
  integrations,
  landing,
  languages,
  mail,
  offline,
  outbox,
  pricing,
  reports,
  'stock-takes': stockTakes,
  suppliers,
  transmissions,
  users,
} satisfies Catalogue;

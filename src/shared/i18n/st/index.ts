// The Sesotho catalogue: what it lacks falls back to English key by key (decision 065).
// One import per file of this folder (a unit test checks none is left out); a file is a namespace.
import '../plural-data/st.ts';
import type { Catalogue } from '../translator.ts';
import app from './app.json';
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
import glossary from './glossary.json';
import imports from './imports.json';
import landing from './landing.json';
import languages from './languages.json';
import mail from './mail.json';
import offline from './offline.json';
import outbox from './outbox.json';
import reports from './reports.json';
import stockTakes from './stock-takes.json';
import transmissions from './transmissions.json';

export default {
  app,
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
  imports,
  landing,
  languages,
  mail,
  offline,
  outbox,
  reports,
  'stock-takes': stockTakes,
  transmissions,
} satisfies Catalogue;

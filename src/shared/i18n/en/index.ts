// The English catalogue: the default, and every other language's fallback key by key (decision 065).
// One import per file of this folder (a unit test checks none is left out); a file is a namespace.
import '../plural-data/en.ts';
import type { Catalogue } from '../translator.ts';
import agents from './agents.json' with { type: 'json' };
import app from './app.json' with { type: 'json' };
import audit from './audit.json' with { type: 'json' };
import auth from './auth.json' with { type: 'json' };
import balanceStatements from './balance-statements.json' with { type: 'json' };
import billing from './billing.json' with { type: 'json' };
import clients from './clients.json' with { type: 'json' };
import common from './common.json' with { type: 'json' };
import components from './components.json' with { type: 'json' };
import contact from './contact.json' with { type: 'json' };
import crates from './crates.json' with { type: 'json' };
import dashboard from './dashboard.json' with { type: 'json' };
import dates from './dates.json' with { type: 'json' };
import errors from './errors.json' with { type: 'json' };
import evidence from './evidence.json' with { type: 'json' };
import exports from './exports.json' with { type: 'json' };
import farmName from './farm-name.json' with { type: 'json' };
import glossary from './glossary.json' with { type: 'json' };
import imports from './imports.json' with { type: 'json' };
import insights from './insights.json' with { type: 'json' };
import integrations from './integrations.json' with { type: 'json' };
import landing from './landing.json' with { type: 'json' };
import languages from './languages.json' with { type: 'json' };
import mail from './mail.json' with { type: 'json' };
import myInsights from './my-insights.json' with { type: 'json' };
import offline from './offline.json' with { type: 'json' };
import outbox from './outbox.json' with { type: 'json' };
import pricing from './pricing.json' with { type: 'json' };
import reports from './reports.json' with { type: 'json' };
import stockTakes from './stock-takes.json' with { type: 'json' };
import suppliers from './suppliers.json' with { type: 'json' };
import transmissions from './transmissions.json' with { type: 'json' };
import users from './users.json' with { type: 'json' };

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
  insights,
  integrations,
  landing,
  languages,
  mail,
  'my-insights': myInsights,
  offline,
  outbox,
  pricing,
  reports,
  'stock-takes': stockTakes,
  suppliers,
  transmissions,
  users,
} satisfies Catalogue;

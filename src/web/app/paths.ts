// Every route of the app with its href builder: links never hand-type URLs.

/** The landing page's tabs (spec §2), kept in ?tab= so each can be linked to. */
export const landingTabs = ['home', 'pricing', 'trends', 'services', 'contact', 'eci'] as const;
export type LandingTab = (typeof landingTabs)[number];

/** Sections of the Transmissions screen a link can open at (their element ids). */
export const transmissionsSections = { incoming: 'incoming', sendEmpties: 'send-empties' } as const;
export type TransmissionsSection = (typeof transmissionsSections)[keyof typeof transmissionsSections];

export const paths = {
  home: { path: '/', href: (tab?: LandingTab) => (tab && tab !== 'home' ? `/?tab=${tab}` : '/') },
  homeAlias: { path: '/home', href: () => '/home' },
  login: { path: '/login', href: () => '/login' },
  register: { path: '/register', href: () => '/register' },
  supplierRegistration: { path: '/supplier-registration', href: () => '/supplier-registration' },
  /** `tab`: a dashboard tab (?tab=), `section`: an element id on it to scroll to. */
  dashboard: {
    path: '/dashboard',
    href: (tab?: string, section?: string) => `/dashboard${tab ? `?tab=${tab}` : ''}${section ? `#${section}` : ''}`,
  },
  /** `section`: the incoming deliveries or the agent's form to send empties back, scrolled into view. */
  transmissions: {
    path: '/transmissions',
    href: (section?: TransmissionsSection) => `/transmissions${section ? `#${section}` : ''}`,
  },
  clients: { path: '/clients', href: () => '/clients' },
  /** A client's printable statement (docs/decisions/018). */
  clientStatement: { path: '/clients/:id/statement', href: (id: number) => `/clients/${id}/statement` },
  marketAgents: { path: '/market-agents', href: () => '/market-agents' },
  billing: { path: '/billing', href: () => '/billing' },
  reports: { path: '/reports', href: () => '/reports' },
  userManagement: { path: '/user-management', href: () => '/user-management' },
  /** Agents, clients and opening balances from a spreadsheet (decision 050). */
  imports: { path: '/import', href: () => '/import' },
  /** The farm store's monthly crate statements (decision 064). */
  statements: { path: '/statements', href: () => '/statements' },
} as const;

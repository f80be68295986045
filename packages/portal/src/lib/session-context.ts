import { createContext } from '@lit/context';
import type { PortalSessionView } from '@idv/contract';

/** The signed-in person, provided by the app shell to every screen (`@lit/context`). */
export const sessionContext = createContext<PortalSessionView | undefined>(
  Symbol('idv-portal-session'),
);

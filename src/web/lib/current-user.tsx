// The signed-in user for the signed-in screens. The router provides it, so a screen still rendering
// while sign-out swaps the whole tree away never sees "no user".
import { createContext, type ReactNode, useContext } from 'react';
import type { User } from '../../shared/auth.ts';

const CurrentUserContext = createContext<User | null>(null);

export function CurrentUserProvider({ user, children }: { user: User; children: ReactNode }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

export function useUser(): User {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useUser is for screens inside CurrentUserProvider');
  return user;
}

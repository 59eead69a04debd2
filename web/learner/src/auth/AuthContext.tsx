import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { MeResponse } from '@speach/web-shared/api';
import { ApiError, api, session } from '../api/client';

export type Me = MeResponse;

interface Auth {
  me: Me | null;
  loading: boolean;
  login: (email: string, password: string) => Promise<Me>;
  refresh: () => Promise<void>;
  forget: () => void;
}

const AuthContext = createContext<Auth | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<Me | null>(null);
  const [loading, setLoading] = useState(true);
  // The cached lists belong to the user who read them: a change of user starts from an empty cache.
  const queries = useQueryClient();

  const refresh = useCallback(async () => {
    try {
      setMe(await api<Me>('/api/auth/me', { headers: { 'x-silent-401': '1' } }));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      setMe(null);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const login = useCallback(
    async (email: string, password: string) => {
      const { user } = await api<{ user: Me }>('/api/auth/login', { method: 'POST', json: { email, password } });
      session.save(user);
      queries.clear();
      setMe(user);
      return user;
    },
    [queries],
  );

  const forget = useCallback(() => {
    session.clear();
    queries.clear();
    setMe(null);
  }, [queries]);

  return <AuthContext.Provider value={{ me, loading, login, refresh, forget }}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth outside AuthProvider');
  return context;
}

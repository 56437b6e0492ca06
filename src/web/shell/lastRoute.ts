/**
 * The last shell route each account visited on this device, so a reload of `/` and the next login
 * resume there (spec §2); kept per account, so another account on the same device starts at its dashboard.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

const keyOf = (userId: number) => `last_route:${userId}`;

/**
 * On the shell's first render at `/`, jumps to the account's remembered route; after that remembers
 * every route shown. The shell never shows /login, so navigations to or from it are never remembered.
 */
export function useLastRoute(userId: number): void {
  const location = useLocation();
  const navigate = useNavigate();
  const restored = useRef(false);
  const path = location.pathname + location.search;

  useEffect(() => {
    if (!restored.current) {
      restored.current = true;
      const last = localStorage.getItem(keyOf(userId));
      if (location.pathname === '/' && last && last !== path) {
        void navigate(last, { replace: true });
        return;
      }
    }
    localStorage.setItem(keyOf(userId), path);
  }, [location.pathname, navigate, path, userId]);
}

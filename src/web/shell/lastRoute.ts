/** The last shell route visited, so a reload of `/` resumes there (spec §2). */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

const LAST_ROUTE_KEY = 'last_route';

export function forgetLastRoute(): void {
  localStorage.removeItem(LAST_ROUTE_KEY);
}

/**
 * On the shell's first render at `/`, jumps to the remembered route; after that remembers every
 * route shown. The shell never shows /login, so navigations to or from it are never remembered.
 */
export function useLastRoute(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const restored = useRef(false);
  const path = location.pathname + location.search;

  useEffect(() => {
    if (!restored.current) {
      restored.current = true;
      const last = localStorage.getItem(LAST_ROUTE_KEY);
      if (location.pathname === '/' && last && last !== path) {
        void navigate(last, { replace: true });
        return;
      }
    }
    localStorage.setItem(LAST_ROUTE_KEY, path);
  }, [location.pathname, navigate, path]);
}

/**
 * What every change of screen does: the new screen starts at its top (a phone kept the last scroll
 * position), except on Back and Forward, where the browser restores it; the last screen's error toasts go.
 */
import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { clearErrorToasts } from '../components/notify';

export function NavigationEffects() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    clearErrorToasts();
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}

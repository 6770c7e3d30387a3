import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { WELCOME_PATH } from '../../api/client.ts';
import { FullPageLoader } from '../../ui/index.ts';
import { endSession } from './api.ts';

/** /logout: POST logout, clear local and session storage, go to /welcome — even when the call fails. */
export function LogoutPage() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    // StrictMode runs effects twice in development; one logout call is enough.
    if (started.current) return;
    started.current = true;
    void endSession().then(() => navigate(WELCOME_PATH, { replace: true }));
  }, [navigate]);
  return <FullPageLoader label="Выходим…" />;
}

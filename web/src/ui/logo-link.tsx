// The logo as the way home: the public header, the 404 page, the sidebar and the top bar link it to their start page.
import { Link } from 'react-router';
import { Logo } from './logo.tsx';

/** The product logo linking to `to`; `label` names the link for screen readers (the logo itself is a picture). */
export function LogoLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} aria-label={label}>
      <Logo />
    </Link>
  );
}

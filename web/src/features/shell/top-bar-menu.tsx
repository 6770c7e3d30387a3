import { LifeBuoy, LogOut, Settings, Users } from 'lucide-react';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  type LazyMenuControl,
} from '../../ui/index.ts';

/**
 * The burger dropdown of spec §2 (Settings, Referrals for leads, Help & Support, Log Out), loaded on first use by
 * the top bar. Radix closes it on an outside click.
 */
export default function TopBarMenu({
  open,
  onOpenChange,
  trigger,
  email,
  isLead,
}: LazyMenuControl & { email: string; isLead: boolean }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{email}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem icon={<Settings size={16} />} onSelect={() => navigate('/settings')}>
          Settings
        </DropdownMenuItem>
        {isLead ? (
          <DropdownMenuItem icon={<Users size={16} />} onSelect={() => navigate('/referrals')}>
            Referrals
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem icon={<LifeBuoy size={16} />} onSelect={() => navigate('/help')}>
          Help &amp; Support
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem tone="danger" icon={<LogOut size={16} />} onSelect={() => navigate('/logout')}>
          Log Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import { ProtectedAppShell } from '../../components/layout/app-shell';
import { AccountMenu } from './account-menu';

/** The signed-in frame as the router mounts it, with this feature's account menu in its header. */
export function SignedInShell() {
  return <ProtectedAppShell menu={<AccountMenu />} />;
}

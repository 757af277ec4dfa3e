import { useTexts } from '../../i18n/common';
import { Dialog } from '../../components/ui/dialog';
import { PoolButtons, PoolForms, type PoolDialog } from './pool-manage';
import type { PoolSnapshot } from '../../../core/contracts/pools';
import type { PracticeView } from '../../state/viewer';
import { messages } from './pools-messages';
import { can } from '../../../core/permissions';

interface PoolMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  practice: PracticeView;
  pool: PoolSnapshot;
  pools: PoolSnapshot[];
  zoom: number;
  onZoom: (zoom: number) => void;
  onDialog: (d: PoolDialog) => void;
  onPrint: () => void;
}

/**
 * The phone's pool menu (issue 29): every management control of the pools screen in one dialog, so the grid
 * comes first. A dialog it opens (rename, delete…) comes on top and gives focus back to its button here.
 */
export function PoolMenu({ open, onOpenChange, practice, pool, pools, zoom, onZoom, onDialog, onPrint }: PoolMenuProps) {
  const t = useTexts(messages);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t.menuTitle} description={can(practice.role, 'pool.manage') ? t.menuText : t.menuTextGuest}>
      <div className="space-y-4" data-testid="pool-menu-content">
        <PoolButtons practice={practice} onDialog={onDialog} onPrint={onPrint} stacked />
        <PoolForms practice={practice} pool={pool} pools={pools} zoom={zoom} onZoom={onZoom} />
      </div>
    </Dialog>
  );
}

import { i18n } from '../i18n';
import { toast } from './toasts';

const messages = i18n('call-step', {
  stepEnded: 'The call step was not taken',
});

/** A queued call step the server would not take (the call moved on, or guests may not): the toast says why. */
export function callStepEnded(reason: string) {
  toast({ title: messages.get().stepEnded, description: reason, variant: 'destructive' });
}

/**
 * "Message" on a tutor's profile (the family's conversation with the tutor) and on a booking (the
 * booking's pair, from either side): opens (or makes) the conversation and goes to it.
 */
import type { StartConversationRequest } from '@functions/conversations/contract';
import { useNavigate } from 'react-router-dom';
import { reasonOf } from '../../shared/api';
import { paths } from '../../shared/paths';
import { Button } from '../../shared/ui/Button';
import { useToast } from '../../shared/ui/toast';
import { useStartConversation } from './conversations-api';
import { useConversationsText } from './text';

function MessageButton({ pair, size, describedBy }: { pair: StartConversationRequest; size?: 'sm'; describedBy?: string }) {
  const t = useConversationsText();
  const toast = useToast();
  const navigate = useNavigate();
  const start = useStartConversation();
  return (
    <Button
      variant="secondary"
      size={size}
      aria-describedby={describedBy}
      busy={start.isPending}
      onClick={() => start.mutate(pair, {
        onSuccess: ({ conversation }) => void navigate(paths.messages(conversation.id)),
        onError: (error) => toast.error(t('message.failed', { reason: reasonOf(error) })),
      })}
    >
      {t('message.button')}
    </Button>
  );
}

export function MessageTutorButton({ tutorId }: { tutorId: string }) {
  return <MessageButton pair={{ tutorId }} />;
}

/** On a booking card: `describedBy` names the booking, so a screen reader says which lesson's pair. */
export function MessageBookingButton({ bookingId, describedBy }: { bookingId: string; describedBy: string }) {
  return <MessageButton pair={{ bookingId }} size="sm" describedBy={describedBy} />;
}

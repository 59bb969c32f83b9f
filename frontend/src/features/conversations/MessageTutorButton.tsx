/** "Message" on a tutor's profile: opens (or makes) the family's conversation with the tutor and goes to it. */
import { useNavigate } from 'react-router-dom';
import { reasonOf } from '../../shared/api';
import { paths } from '../../shared/paths';
import { Button } from '../../shared/ui/Button';
import { useToast } from '../../shared/ui/toast';
import { useStartConversation } from './conversations-api';
import { useConversationsText } from './text';

export function MessageTutorButton({ tutorId }: { tutorId: string }) {
  const t = useConversationsText();
  const toast = useToast();
  const navigate = useNavigate();
  const start = useStartConversation();
  return (
    <Button
      variant="secondary"
      busy={start.isPending}
      onClick={() => start.mutate({ tutorId }, {
        onSuccess: ({ conversation }) => void navigate(paths.messages(conversation.id)),
        onError: (error) => toast.error(t('message.failed', { reason: reasonOf(error) })),
      })}
    >
      {t('message.button')}
    </Button>
  );
}

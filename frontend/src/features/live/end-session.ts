/**
 * The tutor ends the class: the session is over and the lesson settled (completed, or a no-show
 * when the student never came), so the booking lists and the tutor's figures (Lessons Taught,
 * Success Rate) are read again too.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api';
import { bookingKeys } from '../bookings';
import { rememberSession } from './live-api';

export function useEndLiveSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => callApi('endLiveSession', { params: { bookingId } }),
    onSuccess: ({ session }) => {
      rememberSession(client, session);
      void client.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
}

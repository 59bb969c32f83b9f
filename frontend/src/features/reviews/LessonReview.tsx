/**
 * "How was your lesson?" on a completed lesson in My Bookings: Leave a review,
 * then the review itself with Edit while its 14 days last.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAX_COMMENT_LENGTH } from '@functions/reviews/catalog';
import type { MyReview } from '@functions/reviews/contract';
import { reasonOf } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { TextAreaField } from '../../shared/ui/fields';
import { useToast } from '../../shared/ui/toast';
import { myReviewsQuery, useUpdateReview, useWriteReview } from './reviews-api';
import { StarPicker, Stars } from './Stars';
import { useReviewsText } from './text';
import './reviews.css';

export function LessonReview({ bookingId, tutorId }: { bookingId: string; tutorId: string }) {
  const t = useReviewsText();
  const reviews = useQuery(myReviewsQuery());
  const [editing, setEditing] = useState(false);
  if (reviews.isPending || reviews.isError) return null;
  const review = reviews.data.find((r) => r.id === bookingId);
  if (editing) {
    return <ReviewForm bookingId={bookingId} tutorId={tutorId} review={review} onDone={() => setEditing(false)} />;
  }
  if (!review) {
    return (
      <div className="lesson-review">
        <p className="lesson-review-ask">{t('ask')}</p>
        <Button size="sm" onClick={() => setEditing(true)}>
          {t('leave')}
        </Button>
      </div>
    );
  }
  const editable = !review.hidden && Date.now() < Date.parse(review.editableUntil);
  return (
    <div className="lesson-review">
      <p>
        <span className="muted">{t('yours')}</span>
        <Stars rating={review.rating} />
      </p>
      {review.comment && <p className="pre-line">{review.comment}</p>}
      {review.hidden && <p className="muted">{t('hidden')}</p>}
      {editable && (
        <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
          {t('edit')}
        </Button>
      )}
    </div>
  );
}

function ReviewForm({ bookingId, tutorId, review, onDone }: { bookingId: string; tutorId: string; review: MyReview | undefined; onDone: () => void }) {
  const t = useReviewsText();
  const toast = useToast();
  const write = useWriteReview();
  const update = useUpdateReview();
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [comment, setComment] = useState(review?.comment ?? '');
  // Off unless the student ticks it (asked again on every edit).
  const [showOnHomePage, setShowOnHomePage] = useState(review?.showOnHomePage ?? false);
  const [error, setError] = useState<string>();
  const commentId = `review-comment-${bookingId}`;
  const busy = write.isPending || update.isPending;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rating < 1) {
      setError(t('chooseRating'));
      return;
    }
    const body = { rating, ...(comment.trim() ? { comment: comment.trim() } : {}), showOnHomePage };
    try {
      const answer = await (review ? update : write).mutateAsync({ bookingId, tutorId, body });
      toast.success(answer.message);
      onDone();
    } catch (failure) {
      toast.error(reasonOf(failure));
    }
  };

  return (
    <form className="lesson-review review-form" onSubmit={(event) => void submit(event)} noValidate>
      <StarPicker value={rating} onChange={(n) => { setRating(n); setError(undefined); }} error={error} />
      <TextAreaField
        id={commentId}
        label={t('comment')}
        hint={t('commentHint', { max: MAX_COMMENT_LENGTH })}
        maxLength={MAX_COMMENT_LENGTH}
        rows={3}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <label className="check">
        <input type="checkbox" checked={showOnHomePage} onChange={(event) => setShowOnHomePage(event.target.checked)} />
        {t('homePage')}
      </label>
      <div className="review-form-actions">
        <Button size="sm" type="submit" busy={busy}>
          {review ? t('save') : t('publish')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

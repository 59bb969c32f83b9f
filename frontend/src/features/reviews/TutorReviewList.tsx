/**
 * A tutor's visible reviews, newest first, behind "Show more reviews" (cursor pages). On the
 * tutor's own dashboard (`canReply`) each review without a reply gets a one-time Reply form.
 */
import { useState, type FormEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { MAX_REPLY_LENGTH } from '@functions/reviews/catalog';
import type { Review } from '@functions/reviews/contract';
import { reasonOf } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { TextAreaField } from '../../shared/ui/fields';
import { QueryState } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { tutorReviewsQuery, useHideReview, useReplyToReview } from './reviews-api';
import { Stars } from './Stars';
import { useReviewsText } from './text';
import { activeLanguage } from '../../shared/i18n/language';
import { useAsPrerendered } from '../../shared/useHydrated';
import { useSubjectName } from '../tutors';
import './reviews.css';

/** "14 Jul 2025" / "14 Jul 2025" in Kiswahili's month names: the day a review was written. */
const DATE_LOCALES = { en: 'en-GB', sw: 'sw-KE' } as const;
const reviewDay = (iso: string) =>
  new Intl.DateTimeFormat(DATE_LOCALES[activeLanguage()], { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));

export function TutorReviewList({ tutorId, canReply = false, canHide = false, emptyText }: {
  tutorId: string; canReply?: boolean; canHide?: boolean; emptyText: string;
}) {
  const t = useReviewsText();
  // Loading while hydrating, as the tutor's rendered page shows it.
  const query = useAsPrerendered(useInfiniteQuery(tutorReviewsQuery(tutorId)));
  const reviews = query.data?.pages.flatMap((page) => page.reviews) ?? [];
  return (
    <QueryState
      query={query}
      loading={t('loading')}
      error={{ title: t('error') }}
      empty={{ when: () => reviews.length === 0, show: <p className="muted">{emptyText}</p> }}
    >
      {() => (
        <>
          <ul className="review-list" role="list">
            {reviews.map((review) => (
              <li key={review.id}>
                <ReviewItem review={review} canReply={canReply} canHide={canHide} />
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <Button size="sm" variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {t('more')}
            </Button>
          )}
        </>
      )}
    </QueryState>
  );
}

function ReviewItem({ review, canReply, canHide }: { review: Review; canReply: boolean; canHide: boolean }) {
  const t = useReviewsText();
  const subjectName = useSubjectName();
  return (
    <article className="review-item">
      <p className="review-head">
        <Stars rating={review.rating} />
        <strong>{review.studentName}</strong>
        <span className="muted">
          {subjectName(review.subject)} · {reviewDay(review.createdAt)}
        </span>
      </p>
      {review.comment && <p className="pre-line review-comment">{review.comment}</p>}
      {review.reply ? (
        <div className="review-reply">
          <p className="muted">{t('reply.title')}</p>
          <p className="pre-line">{review.reply.text}</p>
        </div>
      ) : (
        canReply && <ReplyForm review={review} />
      )}
      {canHide && <HideForm review={review} />}
    </article>
  );
}

function ReplyForm({ review }: { review: Review }) {
  const t = useReviewsText();
  const reply = useReplyToReview();
  return (
    <InlineTextAction
      id={`reply-${review.id}`}
      openLabel={t('reply.open')}
      label={t('reply.label', { name: review.studentName })}
      hint={t('reply.hint')}
      maxLength={MAX_REPLY_LENGTH}
      submitLabel={t('reply.submit')}
      busy={reply.isPending}
      submit={(text) => reply.mutateAsync({ bookingId: review.id, tutorId: review.tutorId, text })}
    />
  );
}

/** A super admin hides an abusive review, with the reason kept in its audit record. */
function HideForm({ review }: { review: Review }) {
  const t = useReviewsText();
  const hide = useHideReview();
  return (
    <InlineTextAction
      id={`hide-${review.id}`}
      openLabel={t('hide.open')}
      label={t('hide.label')}
      hint={t('hide.hint')}
      maxLength={500}
      submitLabel={t('hide.submit')}
      busy={hide.isPending}
      submit={(reason) => hide.mutateAsync({ bookingId: review.id, tutorId: review.tutorId, reason })}
    />
  );
}

/** A button that opens a one-field form; the answer's message is shown as a toast. */
function InlineTextAction(props: {
  id: string; openLabel: string; label: string; hint: string; maxLength: number; submitLabel: string; busy: boolean;
  submit: (text: string) => Promise<{ message: string }>;
}) {
  const t = useReviewsText();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  if (!open) {
    return (
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {props.openLabel}
      </Button>
    );
  }
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim()) return;
    try {
      toast.success((await props.submit(text.trim())).message);
    } catch (failure) {
      toast.error(reasonOf(failure));
    }
  };
  return (
    <form className="review-form" onSubmit={(event) => void onSubmit(event)}>
      <TextAreaField
        id={props.id}
        label={props.label}
        hint={props.hint}
        maxLength={props.maxLength}
        rows={3}
        required
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="review-form-actions">
        <Button size="sm" type="submit" busy={props.busy}>
          {props.submitLabel}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

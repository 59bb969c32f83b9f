/**
 * Paying for a course on its own page: the bookings' in-page checkout (M-Pesa prompt first;
 * Paybill and the card / Paystack page after two failed prompts) with the course's charge. The
 * server takes the price from the course; the enrolment comes with the verified payment, and the
 * payment's own page (/payment-callback) then says so and links back here.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Course } from '@functions/courses/contract';
import { callApi } from '../../shared/api';
import { MpesaCheckout } from '../bookings';
import { usePayForCourse } from './api';
import { courseKeys } from './keys';
import { useCourseText } from './course-text';
import { coursePrice, useCoursesText } from './text';

export function CourseCheckout({ course, learnerId }: { course: Pick<Course, 'id' | 'price' | 'title'>; learnerId: string | undefined }) {
  const t = useCourseText();
  const labels = useCoursesText();
  const card = usePayForCourse(course.id, learnerId);
  const client = useQueryClient();
  // Paid without leaving the app: the enrolment and the lessons are read again when the course page opens.
  const enrolled = () => {
    void client.invalidateQueries({ queryKey: courseKeys.enrolments });
    void client.invalidateQueries({ queryKey: courseKeys.learn(course.id) });
    void client.invalidateQueries({ queryKey: courseKeys.detail(course.id) });
  };
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened by "Pay and Enrol": on a phone the checkout is below the fold, so the reader is taken there.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="course-checkout">
      <section className="card" aria-labelledby="course-checkout">
        <h2 id="course-checkout" ref={heading} tabIndex={-1}>{t('checkout.title')}</h2>
        <p>{course.title}</p>
        <p className="course-price"><span className="muted">{t('checkout.amount')}</span> {coursePrice(labels, course.price)}</p>
      </section>
      <MpesaCheckout
        amountMinor={Math.round((course.price ?? 0) * 100)}
        paidFor="course"
        send={(payment) => callApi('payForCourseByMpesa', { params: { courseId: course.id }, query: { learnerId }, body: payment })}
        payByCard={() => card.mutateAsync()}
        onPaid={enrolled}
      />
    </div>
  );
}

/**
 * The SPA's route table. Every page is its own lazy chunk; guarded pages
 * start downloading their chunk while the session and role are still being resolved.
 */
import type { ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import type { Role } from '@functions/auth/roles-catalog';
import { DashboardRedirect, RequireAuth, type SignInReason } from '../features/auth/guards';
import { lazyWithRetry } from '../shared/lazy-retry';
import { paths, routePath, routePatterns } from '../shared/paths';
import { Layout } from './Layout';

function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  const preload = () => {
    void load().catch(() => undefined);
  };
  return { Page: lazyWithRetry(() => load().then(pick)), preload, load };
}

const landing = page(() => import('../features/landing/LandingPage'), (m) => m.LandingPage);
const auth = page(() => import('../features/auth/AuthPage'), (m) => m.AuthPage);
const student = page(() => import('../features/students/StudentDashboard'), (m) => m.StudentDashboard);
const tutor = page(() => import('../features/tutors/TutorDashboard'), (m) => m.TutorDashboard);
const availability = page(() => import('../features/tutors/TutorAvailabilityPage'), (m) => m.TutorAvailabilityPage);
const browseTutors = page(() => import('../features/tutors/BrowseTutorsPage'), (m) => m.BrowseTutorsPage);
const subjectTutors = page(() => import('../features/tutors/SubjectTutorsPage'), (m) => m.SubjectTutorsPage);
const tutorProfile = page(() => import('../features/tutors/TutorProfilePage'), (m) => m.TutorProfilePage);
const bookTutor = page(() => import('../features/bookings/BookTutorPage'), (m) => m.BookTutorPageForPayer);
const weeklyLessons = page(() => import('../features/plans/WeeklyLessonsPage'), (m) => m.WeeklyLessonsPageForPayer);
const buyPack = page(() => import('../features/packs/BuyPackPage'), (m) => m.BuyPackPageForPayer);
const packPage = page(() => import('../features/packs/PackPage'), (m) => m.PackPageForPayer);
const pay = page(() => import('../features/bookings/PayPage'), (m) => m.PayPageForPayer);
const paymentCallback = page(() => import('../features/bookings/PaymentCallbackPage'), (m) => m.PaymentCallbackPage);
const myBookings = page(() => import('../features/bookings/MyBookingsPage'), (m) => m.MyBookingsPage);
const liveSession = page(() => import('../features/live/LiveSessionPage'), (m) => m.LiveSessionPage);
const lessonReport = page(() => import('../features/reports/LessonReportPage'), (m) => m.LessonReportPage);
const lessonHistory = page(() => import('../features/reports/Homework'), (m) => m.LessonsHistoryPage);
const subjectProgress = page(() => import('../features/progress/SubjectProgressPage'), (m) => m.SubjectProgressPage);
const weeklyReport = page(() => import('../features/weeklyreports/WeeklyReportPage'), (m) => m.WeeklyReportPage);
const liveDemo = page(() => import('../features/live/DemoSessionPage'), (m) => m.DemoSessionPage);
const superAdmin = page(() => import('../features/admin/SuperAdminDashboard'), (m) => m.SuperAdminDashboard);
const admin = page(() => import('../features/admin/AdminDashboard'), (m) => m.AdminDashboard);
const twoStepSetup = page(() => import('../features/auth/TwoStepSetupPage'), (m) => m.TwoStepSetupPage);
const adminEnrolment = page(() => import('../features/auth/AdminEnrolmentPage'), (m) => m.AdminEnrolmentPage);
const help = page(() => import('../features/support/SupportPages'), (m) => m.HelpPage);
const contact = page(() => import('../features/support/SupportPages'), (m) => m.ContactPage);
const privacy = page(() => import('../features/support/SupportPages'), (m) => m.PrivacyPage);
const aiLearning = page(() => import('../features/ai/AiLearningPage'), (m) => m.AiLearningPage);
const courseDashboard = page(() => import('../features/courses/CourseDashboardPage'), (m) => m.CourseDashboardPage);
const coursePage = page(() => import('../features/courses/CoursePage'), (m) => m.CoursePage);
const courseCreation = page(() => import('../features/courses/CourseCreationPage'), (m) => m.CourseCreationPage);
const notFound = page(() => import('./NotFoundPage'), (m) => m.NotFoundPage);
const aiStudyAssistant = page(() => import('../features/ai/AssistantPage'), (m) => m.AssistantPage);
const certificatePage = page(() => import('../features/certificates/CertificatePage'), (m) => m.CertificatePage);
const certification = page(() => import('../features/certificates/CertificationPage'), (m) => m.CertificationPage);
const parentDashboard = page(() => import('../features/households/ParentDashboard'), (m) => m.ParentDashboard);
const myChildren = page(() => import('../features/households/MyChildrenPage'), (m) => m.MyChildrenPage);
const accountPrivacy = page(() => import('../features/privacy/PrivacySettingsPage'), (m) => m.PrivacySettingsPage);
const accountPhone = page(() => import('../features/phones/PhonePage'), (m) => m.PhonePage);
const accountNotifications = page(() => import('../features/messaging/NotificationSettingsPage'), (m) => m.NotificationSettingsPage);
const messages = page(() => import('../features/conversations/ConversationsPage'), (m) => m.ConversationsPage);
const joinFamily = page(() => import('../features/households/JoinFamilyPage'), (m) => m.JoinFamilyPage);
const parentApproval = page(() => import('../features/households/ParentApprovalPage'), (m) => m.ParentApprovalPage);

/**
 * The modules of the prerendered pages and preloading shells (infra/aws/prerendered-pages.ts), by
 * route pattern: a page in another language than English is hydrated once its module (and so its
 * message namespaces) is in.
 */
const prerenderedPages: ReadonlyArray<[pattern: string, load: () => Promise<unknown>]> = [
  [paths.home, landing.load],
  [paths.browse(), browseTutors.load],
  [paths.courses, courseDashboard.load],
  [`/${routePatterns.tutorProfile}`, tutorProfile.load],
  [paths.auth, auth.load],
];

export function loadPrerenderedPage(pathname: string): Promise<unknown> | undefined {
  return prerenderedPages.find(([pattern]) => matchPath(pattern, pathname))?.[1]();
}

/** `signInMessage`: the toast a signed-out visitor sees on the way to /auth. */
function guarded(role: Role | undefined, { Page, preload }: ReturnType<typeof page>, signInMessage?: SignInReason) {
  return (
    <RequireAuth role={role} preload={preload} signInMessage={signInMessage}>
      <Page />
    </RequireAuth>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<landing.Page />} />
        <Route path={routePath(paths.auth)} element={<auth.Page />} />
        <Route path={routePath(paths.dashboard)} element={<DashboardRedirect />} />
        <Route path={routePath(paths.studentDashboard)} element={guarded('student', student)} />
        <Route path={routePatterns.appDashboard} element={guarded('student', student)} />
        <Route path={routePath(paths.tutorDashboard)} element={guarded('tutor', tutor)} />
        <Route path={routePath(paths.tutorAvailability)} element={guarded('tutor', availability)} />
        <Route path={routePath(paths.browse())} element={<browseTutors.Page />} />
        <Route path={routePatterns.tutorProfile} element={<tutorProfile.Page />} />
        <Route path={routePatterns.subjectTutors} element={<subjectTutors.Page />} />
        <Route path={routePatterns.gradeTutors} element={<subjectTutors.Page />} />
        <Route path={routePatterns.bookTutor} element={guarded('student', bookTutor)} />
        <Route path={routePatterns.weeklyLessons} element={guarded('student', weeklyLessons)} />
        <Route path={routePatterns.buyPack} element={guarded('student', buyPack)} />
        <Route path={routePatterns.pack} element={guarded('student', packPage)} />
        <Route path={routePatterns.pay} element={guarded('student', pay)} />
        <Route path={routePath(paths.paymentCallback)} element={<paymentCallback.Page />} />
        <Route path={routePath(paths.myBookings)} element={guarded(undefined, myBookings)} />
        <Route path={routePath(paths.myChildren)} element={guarded('parent', myChildren)} />
        <Route path={routePath(paths.accountPrivacy)} element={guarded(undefined, accountPrivacy)} />
        <Route path={routePath(paths.accountPhone)} element={guarded(undefined, accountPhone)} />
        <Route path={routePath(paths.accountNotifications)} element={guarded(undefined, accountNotifications)} />
        <Route path={routePath(paths.joinFamily)} element={guarded('student', joinFamily)} />
        <Route path={routePath(paths.parentApproval)} element={<parentApproval.Page />} />
        <Route path={routePath(paths.parentDashboard)} element={guarded('parent', parentDashboard)} />
        <Route path={routePatterns.lessonReport} element={guarded('tutor', lessonReport)} />
        <Route path={routePath(paths.lessonHistory())} element={guarded(undefined, lessonHistory)} />
        <Route path={routePatterns.weeklyReport} element={guarded(undefined, weeklyReport)} />
        <Route path={routePath(paths.progressSubjects())} element={guarded('student', subjectProgress)} />
        <Route path={routePath(paths.liveDemo)} element={guarded(undefined, liveDemo)} />
        <Route path={routePatterns.liveSession} element={guarded(undefined, liveSession)} />
        <Route path={routePath(paths.aiLearning)} element={guarded(undefined, aiLearning, 'signIn.aiLearning')} />
        <Route path={routePath(paths.superAdminDashboard)} element={guarded('super_admin', superAdmin)} />
        <Route path={routePath(paths.adminDashboard)} element={guarded('super_admin', admin)} />
        <Route
          path={routePath(paths.twoStepSetup)}
          element={
            <RequireAuth role="super_admin" preload={twoStepSetup.preload} twoStepSetup>
              <twoStepSetup.Page />
            </RequireAuth>
          }
        />
        <Route path={routePath(paths.adminEnrolment)} element={guarded(undefined, adminEnrolment)} />
        <Route path={routePath(paths.help)} element={<help.Page />} />
        <Route path={routePath(paths.contact)} element={<contact.Page />} />
        <Route path={routePath(paths.privacy)} element={<privacy.Page />} />
        <Route path={routePath(paths.messages())} element={guarded(undefined, messages)} />
        <Route path={routePath(paths.aiStudyAssistant())} element={guarded(undefined, aiStudyAssistant, 'signIn.aiStudyAssistant')} />
        <Route path={routePath(paths.courses)} element={<courseDashboard.Page />} />
        <Route path={routePatterns.course} element={<coursePage.Page />} />
        <Route path={routePath(paths.courseCreation)} element={guarded('tutor', courseCreation)} />
        <Route path={routePatterns.certificate} element={<certificatePage.Page />} />
        <Route path={routePath(paths.certification())} element={<certification.Page />} />
        <Route path="*" element={<notFound.Page />} />
      </Route>
    </Routes>
  );
}

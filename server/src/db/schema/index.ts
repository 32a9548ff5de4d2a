export { users } from './users';
export { courses } from './courses';
export { enrollments } from './enrollments';
export { purchases } from './purchases';
export { ratings, reviewReports } from './ratings';
export { lectureProgress } from './lecture-progress';
export { contactMessages } from './contact-messages';
export { processedEvents } from './processed-events';
export { thumbnails } from './thumbnails';
export { deletedAccounts } from './deleted-accounts';
export { lecturePositions } from './lecture-positions';
export { certificates } from './certificates';
export { passwordResetTokens, revokedSessions } from './account-tokens';
export {
  courseCompletionCounts,
  educatorDailyTotals,
  lectureCompletionTotals,
  learnerCourseTotals,
} from './analytics-totals';
export { coursePublications } from './course-publications';
export { certificatePdfs } from './certificate-pdfs';
export { quizzes, quizVersions, quizAttempts } from './quizzes';
export {
  courseLedgerTotals,
  duplicatePayments,
  educatorLedgerDays,
  ledgerEntries,
  manualRefunds,
} from './ledger';
export { coupons, couponRedemptions } from './coupons';
export { questions, answers, questionVotes, postReports, lectureQuestionTotals } from './questions';
export { lectureNotes } from './notes';
export { notifications, mailOptOuts } from './notifications';
export { privacyRequests, privacyExportFiles } from './privacy';
export { payoutProfiles, payouts, payoutEntries } from './payouts';
export { accountSessions, emailVerificationTokens, mailConsents } from './account-security';
export { videos, videoCaptions } from './videos';
export { auditLog, signInChallenges, twoStepRecoveryCodes, twoStepSecrets } from './staff';
export { educatorApplications } from './educator-applications';

export { default as LectureDiscussion, type LectureDiscussionProps } from './lecture-discussion';
export { QuestionsInbox, readInbox, type Inbox } from './questions-inbox';

export { ChapterQuizEditor } from './chapter-quiz-editor';
export { PassedQuizzes } from './passed-quizzes';
export { QuizListItem } from './quiz-list-item';
export { PlayerQuiz, loadPlayerQuiz, type QuizOutletContext } from './player-quiz';

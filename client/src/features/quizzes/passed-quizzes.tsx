import type { Certificate } from '@aprendiz/contract/certificates';

/** The quizzes a certificate vouches for, each with the learner's best score. */
export function PassedQuizzes({ quizzes }: { quizzes: Certificate['quizzes'] }) {
  if (quizzes.length === 0) return null;
  return (
    <section className="mt-6 text-slate-700" aria-labelledby="passed-quizzes-title">
      <h2 id="passed-quizzes-title" className="text-sm font-medium text-slate-600">
        Questionários aprovados
      </h2>
      <ul className="mt-2 space-y-1">
        {quizzes.map((quiz) => (
          <li key={quiz.title} className="break-words">
            <span className="font-medium text-slate-900">{quiz.title}</span>: {quiz.score}%
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { EducatorTitleResponse } from '@aprendiz/contract/auth';
import {
  EDUCATOR_TITLES,
  educatorLabel,
  type EducatorTitle,
} from '@aprendiz/contract/rules/educator-title';
import { useId, useState } from 'react';
import { useAppContext } from '../../context/app-context';
import { api } from '../../lib/api-client';
import { send } from '../../lib/send';

/**
 * An educator's 'Educador' or 'Educadora', beside their name where learners see it (the badge on
 * their answers, the checkout, certificates issued from now on). Saved as soon as it is picked, like
 * the mail preferences beside it; shown only to educators, the only people it names.
 */
export function EducatorTitleChoice() {
  const { userData, isEducator, refreshSignedIn } = useAppContext();
  const [chosen, setChosen] = useState<EducatorTitle | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const titleId = useId();
  if (!isEducator || !userData) return null;
  const current = chosen ?? userData.educatorTitle;

  async function change(title: EducatorTitle) {
    const before = current;
    setChosen(title);
    setMessage(null);
    const data = await send(
      api.put<EducatorTitleResponse>('/api/user/educator-title', { educatorTitle: title }),
    );
    if (!data) {
      setChosen(before);
      return;
    }
    setMessage(data.message);
    await refreshSignedIn();
  }

  return (
    <fieldset
      aria-labelledby={titleId}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        Como os alunos veem você
      </h2>
      <p className="text-sm text-slate-600">
        A palavra ao lado do seu nome nas respostas, na compra e nos certificados.
      </p>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {EDUCATOR_TITLES.map((title) => (
          <label key={title} className="flex items-center gap-2 text-slate-800">
            <input
              type="radio"
              name="educator-title"
              value={title}
              checked={current === title}
              onChange={() => void change(title)}
              className="h-4 w-4"
            />
            {educatorLabel(title)}
          </label>
        ))}
      </div>
      {message && (
        <p role="status" className="text-sm text-green-800">
          {message}
        </p>
      )}
    </fieldset>
  );
}

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { userData } from '../../test/course-fixtures';
import { renderWithProviders, testUser } from '../../test/render';
import { EducatorTitleChoice } from './educator-title-choice';

const URL = '/api/user/educator-title';

function renderChoice(isEducator: boolean) {
  return renderWithProviders(<EducatorTitleChoice />, {
    auth: { user: testUser },
    app: { isEducator, userData: userData({ role: isEducator ? 'educator' : 'student' }) },
  });
}

describe('EducatorTitleChoice', () => {
  it("when an educator picks 'Educadora', then it is saved at once and the server's line is said", async () => {
    const { calls } = stubApi(() => ({
      data: {
        success: true,
        message: 'Pronto: é assim que os alunos verão você',
        educatorTitle: 'educadora',
      },
    }));
    const { app } = renderChoice(true);
    expect(screen.getByRole('radio', { name: 'Educador' })).toBeChecked();
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Educadora' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Pronto: é assim que os alunos verão você',
    );
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', URL, { educatorTitle: 'educadora' }],
    ]);
    expect(screen.getByRole('radio', { name: 'Educadora' })).toBeChecked();
    expect(app.refreshSignedIn).toHaveBeenCalled();
  });

  it('when the save fails, then the earlier word is ticked again', async () => {
    stubApi(() => ({ status: 500, data: { success: false, message: 'Falhou' } }));
    renderChoice(true);
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Educadora' }));
    expect(await screen.findByRole('radio', { name: 'Educador' })).toBeChecked();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('when the person is a learner, then there is nothing to choose', () => {
    renderChoice(false);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});

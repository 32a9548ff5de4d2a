import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi as stubAnyApi, type StubHandler, type StubRequest } from '../../test/api-stub';
import { renderWithProviders, testUser } from '../../test/render';
import Profile from './profile';

const PREFERENCES_URL = '/api/notifications/preferences';
const PRIVACY_URL = '/api/account/privacy';

/** What the e-mail and sessions sections read when the page opens. */
const SECTION_READS: Record<string, unknown> = {
  '/api/account/email': {
    success: true,
    status: { email: testUser.email, verified: true, pendingEmail: null },
  },
  '/api/account/sessions': { success: true, sessions: [] },
};

const TWO_STEP_URL = '/api/account/2fa';

/**
 * The profile's own requests: the e-mail preferences and the sections' reads (made when the page
 * opens, two-step's included) are answered here and kept out of `calls`, which the name, photo and
 * password tests count.
 */
function stubApi(handler: StubHandler, preferences = { answers: true, digest: true, news: false }) {
  const calls: StubRequest[] = [];
  const preferenceCalls: StubRequest[] = [];
  stubAnyApi((request) => {
    if (request.url === PREFERENCES_URL) {
      preferenceCalls.push(request);
      return { data: { success: true, preferences } };
    }
    if (request.url === PRIVACY_URL) {
      const state = { export: null, deletion: null, blockers: [], coolOffDays: 14 };
      return { data: { success: true, ...state, needsPassword: true } };
    }
    if (request.method === 'GET' && request.url in SECTION_READS) {
      return { data: SECTION_READS[request.url] };
    }
    // The two-step section's own read, when the page opens.
    if (request.url === TWO_STEP_URL && request.method === 'GET') {
      return { data: { success: true, enabled: false, recoveryCodesLeft: 0 } };
    }
    calls.push(request);
    return handler(request);
  });
  return { calls, preferenceCalls };
}

function renderProfile() {
  const updateSession = vi.fn();
  const rendered = renderWithProviders(<Profile />, {
    route: '/profile',
    auth: { user: testUser, updateSession },
  });
  return { ...rendered, updateSession, user: userEvent.setup() };
}

const savedUser = {
  _id: testUser.id,
  name: 'Ana Nova',
  email: testUser.email,
  imageUrl: '/uploads/foto.webp',
  role: 'student',
};

describe('profile page', () => {
  it('when signed out, then it asks to sign in', () => {
    const { auth } = renderWithProviders(<Profile />, { route: '/profile' });
    expect(screen.getByRole('heading', { name: 'Meu perfil' })).toBeInTheDocument();
    expect(screen.getByText('Entre para ver e alterar o seu perfil.')).toBeInTheDocument();
    expect(auth.openSignIn).toHaveBeenCalled();
  });

  it('when the name and a photo are saved, then both go as a form and the session shows the new ones', async () => {
    const { calls } = stubApi(() => ({
      data: { success: true, message: 'Perfil atualizado', user: savedUser },
    }));
    const { user, updateSession } = renderProfile();
    const form = screen.getByRole('form', { name: 'Nome e foto' });
    const name = within(form).getByLabelText('Nome');
    expect(name).toHaveValue('Ana Souza');
    await user.clear(name);
    await user.type(name, 'Ana Nova');
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'eu.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText('Escolher foto'), photo);
    await user.click(within(form).getByRole('button', { name: 'Salvar perfil' }));

    expect(await within(form).findByRole('status')).toHaveTextContent('Perfil atualizado');
    expect(calls[0]).toMatchObject({ method: 'PATCH', url: '/api/user/profile' });
    const body = calls[0]!.body as FormData;
    expect(body.get('name')).toBe('Ana Nova');
    expect((body.get('image') as File).name).toBe('eu.png');
    expect(updateSession).toHaveBeenCalledWith({
      user: {
        id: testUser.id,
        name: 'Ana Nova',
        email: testUser.email,
        imageUrl: '/uploads/foto.webp',
      },
    });
  });

  it('when nothing changed, then nothing is sent and it says so', async () => {
    const { calls } = stubApi(() => ({ data: {} }));
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Salvar perfil' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Nada para alterar');
    expect(calls).toHaveLength(0);
  });

  it('when the photo is over 5 MB, then it is refused before uploading', async () => {
    const { calls } = stubApi(() => ({ data: {} }));
    const { user } = renderProfile();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'grande.png', {
      type: 'image/png',
    });
    await user.upload(screen.getByLabelText('Escolher foto'), big);
    await user.click(screen.getByRole('button', { name: 'Salvar perfil' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A foto deve ter no máximo 5 MB');
    expect(calls).toHaveLength(0);
  });

  it('when a file that is not an image is chosen, then it is refused at once, beside the picker, and nothing is sent', async () => {
    const { calls } = stubApi(() => ({ data: {} }));
    renderProfile();
    const picker = screen.getByLabelText<HTMLInputElement>('Escolher foto');
    // The picker's 'All files' choice gets past `accept`.
    await userEvent
      .setup({ applyAccept: false })
      .upload(picker, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Escolha uma foto JPEG, PNG, WebP, GIF ou AVIF.',
    );
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(picker.files).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('when a photo is chosen, then its name shows beside "Escolher foto"; when the browser cannot draw it, then it is refused, not shown broken', async () => {
    const { calls } = stubApi(() => ({ data: {} }));
    const { user } = renderProfile();
    expect(screen.getByText('Nenhuma foto escolhida')).toBeInTheDocument();
    const picker = screen.getByLabelText<HTMLInputElement>('Escolher foto');
    await user.upload(picker, new File(['not really a png'], 'retrato.png', { type: 'image/png' }));
    expect(screen.getByText('retrato.png')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Nome e foto' });
    // jsdom draws nothing: the error a real browser fires for undecodable bytes is fired by hand.
    const preview = form.querySelector('img');
    if (!preview) throw new Error('the chosen photo is previewed');
    fireEvent.error(preview);
    expect(screen.getByRole('alert')).toHaveTextContent('Não conseguimos abrir esta foto.');
    expect(form.querySelector('img')).toBeNull();
    expect(picker.files).toHaveLength(0);
    expect(screen.getByText('Nenhuma foto escolhida')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('when the server refuses the photo, then its message shows', async () => {
    stubApi(() => ({
      status: 400,
      data: {
        success: false,
        message: 'A miniatura deve ser uma imagem JPEG, PNG, WebP, GIF ou AVIF',
      },
    }));
    const { user, updateSession } = renderProfile();
    await user.upload(
      screen.getByLabelText('Escolher foto'),
      new File(['x'], 'x.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Salvar perfil' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A miniatura deve ser uma imagem');
    expect(updateSession).not.toHaveBeenCalled();
  });

  it('when the password is changed, then the fresh token replaces the old one and the fields empty', async () => {
    const { calls } = stubApi(() => ({
      data: {
        success: true,
        message: 'Senha alterada. As outras sessões foram terminadas.',
        token: 'tok-novo',
      },
    }));
    const { user, updateSession } = renderProfile();
    const form = screen.getByRole('form', { name: 'Alterar senha' });
    await user.type(within(form).getByLabelText('Senha atual'), 'senha-antiga');
    await user.type(within(form).getByLabelText('Nova senha'), 'senha-nova-longa');
    await user.type(within(form).getByLabelText('Confirmar nova senha'), 'senha-nova-longa');
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }));

    expect(await within(form).findByRole('status')).toHaveTextContent('Senha alterada.');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/user/change-password',
      body: { currentPassword: 'senha-antiga', newPassword: 'senha-nova-longa' },
    });
    expect(updateSession).toHaveBeenCalledWith({ token: 'tok-novo' });
    await waitFor(() => expect(within(form).getByLabelText('Senha atual')).toHaveValue(''));
  });

  it('when the current password is wrong, then the message shows and the session is untouched', async () => {
    stubApi(() => ({
      status: 400,
      data: { success: false, message: 'A senha atual está incorreta' },
    }));
    const { user, updateSession, auth } = renderProfile();
    const form = screen.getByRole('form', { name: 'Alterar senha' });
    await user.type(within(form).getByLabelText('Senha atual'), 'errada');
    await user.type(within(form).getByLabelText('Nova senha'), 'senha-nova-longa');
    await user.type(within(form).getByLabelText('Confirmar nova senha'), 'senha-nova-longa');
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'A senha atual está incorreta',
    );
    expect(updateSession).not.toHaveBeenCalled();
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('when the new passwords differ, then nothing is sent', async () => {
    const { calls } = stubApi(() => ({ data: {} }));
    const { user } = renderProfile();
    const form = screen.getByRole('form', { name: 'Alterar senha' });
    await user.type(within(form).getByLabelText('Senha atual'), 'senha-antiga');
    await user.type(within(form).getByLabelText('Nova senha'), 'senha-nova-longa');
    await user.type(within(form).getByLabelText('Confirmar nova senha'), 'outra-coisa-longa');
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('As duas senhas não são iguais');
    expect(calls).toHaveLength(0);
  });

  it('when an e-mail kind is unticked, then the preferences are saved with it off', async () => {
    const { preferenceCalls } = stubApi(() => ({ data: {} }));
    const { user } = renderProfile();
    const answers = await screen.findByRole('checkbox', { name: 'Respostas às minhas perguntas' });
    expect(answers).toBeChecked();
    await user.click(answers);
    expect(await screen.findByText('Preferências salvas.')).toBeInTheDocument();
    expect(preferenceCalls.at(-1)).toMatchObject({
      method: 'PUT',
      body: { answers: false, digest: true },
    });
  });

  it('when news and offers are ticked, then marketing goes on with the words the server records, off until then', async () => {
    const { preferenceCalls } = stubApi(() => ({ data: {} }));
    const { user } = renderProfile();
    const news = await screen.findByRole('checkbox', {
      name: 'Novidades e ofertas de cursos (só com a sua autorização; cancele quando quiser)',
    });
    expect(news).not.toBeChecked();
    await user.click(news);
    expect(await screen.findByText('Preferências salvas.')).toBeInTheDocument();
    expect(preferenceCalls.at(-1)).toMatchObject({
      method: 'PUT',
      body: { answers: true, digest: true, news: true },
    });
  });
});

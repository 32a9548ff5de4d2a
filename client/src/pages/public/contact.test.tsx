import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from '../../config/env';
import { renderWithProviders } from '../../test/render';
import ContactPage, { CONTACT_REDIRECT_MS, fieldErrorText } from './contact';

type FetchArgs = [input: string, init: RequestInit];

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function stubFetch(answer: () => Promise<Response>) {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function fillAndSubmit(email = 'ana@example.com', message = 'Olá, equipe!') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email Address'), email);
  await user.type(screen.getByLabelText('Message'), message);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('fieldErrorText', () => {
  it('when a field has messages, then they follow its label, joined by commas', () => {
    expect(fieldErrorText('email', ['is required'])).toBe('Email is required');
    expect(fieldErrorText('message', ['is required', 'should be text'])).toBe(
      'Message is required, should be text',
    );
  });
});

describe('ContactPage', () => {
  it('when opened, then it has one h1, a required email field, a required message field and Submit', () => {
    stubFetch(async () => jsonResponse({ ok: true, next: '/' }));
    renderWithProviders(<ContactPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const email = screen.getByLabelText('Email Address');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    const message = screen.getByLabelText('Message');
    expect(message.tagName).toBe('TEXTAREA');
    expect(message).toBeRequired();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('when submitted, then the JSON {email, message} goes to the form endpoint with Accept JSON and no bearer token', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ ok: true, next: '/' }));
    renderWithProviders(<ContactPage />);
    await fillAndSubmit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(env.formEndpoint);
    expect(init.method).toBe('POST');
    const headers = new Headers(init.headers);
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Authorization')).toBeNull();
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'ana@example.com',
      message: 'Olá, equipe!',
    });
  });

  it('when the message is being sent, then Submit is disabled, and a second submit sends nothing more', async () => {
    let release: (response: Response) => void = () => {};
    const fetchMock = stubFetch(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    renderWithProviders(<ContactPage />);
    await fillAndSubmit();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    fireEvent.submit(
      screen.getByRole('button', { name: 'Submit' }).closest('form') as HTMLFormElement,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => {
      release(jsonResponse({ errors: [{ code: 'BLOCKED', message: 'Blocked' }] }, 403));
    });
    expect(await screen.findByText('Blocked')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('when the service answers success, then the form is replaced by the thank-you line', async () => {
    stubFetch(async () => jsonResponse({ ok: true, next: 'https://example.com/thanks' }));
    renderWithProviders(<ContactPage />, { route: '/contact' });
    await fillAndSubmit();
    expect(
      await screen.findByText('You will receive a response from the team soon!'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Email Address')).not.toBeInTheDocument();
  });

  it('when the service answers success, then / follows exactly 4 s later', async () => {
    vi.useFakeTimers();
    // A body that resolves in microtasks only, so the fake clock stands still until the test moves it.
    stubFetch(async () => ({ json: async () => ({ ok: true, next: '/' }) }) as Response);
    const { location } = renderWithProviders(<ContactPage />, { route: '/contact' });
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Oi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('You will receive a response from the team soon!')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONTACT_REDIRECT_MS - 1);
    });
    expect(location()).toBe('/contact');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(location()).toBe('/');
  });

  it('when the service reports field errors, then each shows under its field prefixed Email or Message, joined by commas', async () => {
    stubFetch(async () =>
      jsonResponse(
        {
          errors: [
            { field: 'email', code: 'REQUIRED_FIELD_EMPTY', message: 'is required' },
            { field: 'email', code: 'TYPE_EMAIL', message: 'should be an email' },
            { field: 'message', code: 'REQUIRED_FIELD_MISSING', message: 'is required' },
          ],
        },
        400,
      ),
    );
    renderWithProviders(<ContactPage />);
    await fillAndSubmit();
    const emailError = await screen.findByText('Email is required, should be an email');
    const messageError = screen.getByText('Message is required');
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email Address')).toHaveAccessibleDescription(
      emailError.textContent,
    );
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(messageError.textContent);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('when submitted empty, then both fields say they are required, the email field takes focus, and nothing is sent', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ ok: true, next: '/' }));
    renderWithProviders(<ContactPage />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText('Email Address')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('Message is required');
    expect(screen.getByLabelText('Email Address')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when the email is not an address, then only it is flagged, and nothing is sent until it is fixed', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ ok: true, next: '/' }));
    renderWithProviders(<ContactPage />);
    await fillAndSubmit('ana-sem-arroba', 'Olá, equipe!');
    expect(screen.getByText('Email should be an email')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Email Address'));
    await user.type(screen.getByLabelText('Email Address'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(
      await screen.findByText('You will receive a response from the team soon!'),
    ).toBeInTheDocument();
  });

  it('when the service answers a single error, then it shows above the button', async () => {
    stubFetch(async () => jsonResponse({ error: 'Muitas solicitações.' }, 429));
    renderWithProviders(<ContactPage />);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Muitas solicitações.');
  });

  it('when the answer has an unexpected shape, then "Unexpected response format" shows', async () => {
    stubFetch(async () => jsonResponse({ hello: 'world' }));
    renderWithProviders(<ContactPage />);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unexpected response format');
  });

  it('when the answer is not JSON, then "Unexpected response format" shows', async () => {
    stubFetch(async () => new Response('<html>502</html>', { status: 502 }));
    renderWithProviders(<ContactPage />);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unexpected response format');
  });

  it('when the network fails, then its message shows as a form error and Submit works again', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(<ContactPage />);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });
});

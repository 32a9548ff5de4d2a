import type { ChangePasswordResponse, ProfileResponse } from '@aprendiz/contract/account';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAuthUser, useSessionUpdater, type AuthUser } from '../../auth/auth-context';
import { Loader } from '../../components/loader';
import { MailPreferencesForm } from '../../features/notifications';
import { DataSaverSetting } from '../../features/video-preferences';
import { PrivacySection } from '../../features/privacy';
import { AccountEmailSection, SessionsSection } from '../../features/account-security';
import { TwoStepSettings } from '../../features/two-step';
import { EducatorTitleChoice } from '../../features/educator-title';
import { Avatar } from '../../components/user-menu';
import { env } from '../../config/env';
import { api } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { SignInRequired } from '../../components/sign-in-required';
import { Button } from '../../components/ui/button';
import { FieldError, inputClass, labelClass } from '../../components/ui/field';
import { MISMATCH } from './password-field';
import { PasswordField } from './password-field';
import { send } from '../../lib/send';

// With Clerk the account lives there: its own profile component, loaded only on this page.
const ClerkUserProfile = lazy(() =>
  import('@clerk/clerk-react').then((module) => ({ default: module.UserProfile })),
);

/** The server's limit for a photo (the thumbnail pipeline's), checked here before uploading. */
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
const NOT_A_PHOTO = 'Escolha uma foto JPEG, PNG, WebP, GIF ou AVIF.';
/** A file named and typed as an image whose bytes the browser cannot draw. */
const UNREADABLE_PHOTO =
  'Não conseguimos abrir esta foto. Escolha outra: JPEG, PNG, WebP, GIF ou AVIF.';

type Result = { kind: 'ok' | 'error'; text: string } | null;

function ResultLine({ result, id }: { result: Result; id: string }) {
  if (!result) return null;
  return result.kind === 'ok' ? (
    <p id={id} role="status" className="text-sm text-green-800">
      {result.text}
    </p>
  ) : (
    <p id={id} role="alert" className="text-sm text-red-700">
      {result.text}
    </p>
  );
}

function NameAndPhoto({ user, onSaved }: { user: AuthUser; onSaved: (user: AuthUser) => void }) {
  const [name, setName] = useState(user.name);
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [result, setResult] = useState<Result>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const pickerRef = useRef<HTMLInputElement>(null);
  const formId = useId();

  useEffect(() => {
    if (!photo) return;
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const tooLarge = photo !== null && photo.size > PHOTO_MAX_BYTES;
    setPhotoError(tooLarge ? 'A foto deve ter no máximo 5 MB' : null);
    if (tooLarge) {
      setResult(null);
      return;
    }
    const form = new FormData();
    if (name !== user.name) form.set('name', name);
    if (photo) form.set('image', photo);
    if (!form.has('name') && !form.has('image')) {
      setResult({ kind: 'error', text: 'Nada para alterar: mude o nome ou escolha uma foto' });
      return;
    }
    setPending(true);
    setResult(null);
    const data = await send(api.patch<ProfileResponse>('/api/user/profile', form), {
      inline: (text) => setResult({ kind: 'error', text }),
    });
    setPending(false);
    if (!data) return;
    const saved = data.user;
    onSaved({ id: saved._id, name: saved.name, email: saved.email, imageUrl: saved.imageUrl });
    setName(saved.name);
    setPhoto(null);
    setPreview(null);
    setResult({ kind: 'ok', text: data.message });
  }

  function refusePhoto(message: string) {
    setPhotoError(message);
    setPhoto(null);
    setPreview(null);
    if (pickerRef.current) pickerRef.current.value = '';
  }
  return (
    <form
      onSubmit={handleSubmit}
      aria-labelledby={`${formId}-title`}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id={`${formId}-title`} className="text-lg font-semibold text-slate-900">
        Nome e foto
      </h2>
      <div className="flex items-center gap-4">
        {preview ? (
          // The chosen file as it will look; a file the browser cannot draw is refused here, not
          // shown as a broken image.
          <img
            src={preview}
            alt=""
            width={72}
            height={72}
            className="h-18 w-18 rounded-full object-cover"
            onError={() => refusePhoto(UNREADABLE_PHOTO)}
          />
        ) : (
          <Avatar user={user} size={72} />
        )}
        <div className="min-w-0 flex-1">
          {/* The browser's own file button speaks the browser's language ('Choose file'): ours is a
              label styled as a button, the input itself hidden but focusable. */}
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
            <label className="inline-flex cursor-pointer rounded-md bg-blue-600 px-3 py-2 text-sm font-medium text-white hover:bg-blue-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-600">
              Escolher foto
              <input
                ref={pickerRef}
                type="file"
                accept={PHOTO_TYPES}
                className="sr-only"
                aria-invalid={photoError ? true : undefined}
                aria-describedby={`${formId}-photo-hint${photoError ? ` ${formId}-photo-error` : ''}`}
                onChange={(e) => {
                  const file = e.target.files?.[0] ?? null;
                  // `accept` is only a hint to the picker: 'All files' lets anything through.
                  if (file && !PHOTO_TYPES.split(',').includes(file.type)) {
                    refusePhoto(NOT_A_PHOTO);
                    return;
                  }
                  setPhotoError(null);
                  setPhoto(file);
                }}
              />
            </label>
            <span className="min-w-0 truncate text-sm text-slate-600">
              {photo ? photo.name : 'Nenhuma foto escolhida'}
            </span>
          </div>
          <span
            id={`${formId}-photo-hint`}
            className="mt-1 block text-xs font-normal text-slate-600"
          >
            JPEG, PNG, WebP, GIF ou AVIF, até 5 MB.
          </span>
          <FieldError id={`${formId}-photo-error`} error={photoError} />
        </div>
      </div>
      <label className={labelClass}>
        Nome
        <input
          className={inputClass}
          name="name"
          autoComplete="name"
          required
          maxLength={80}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <p className="text-sm text-slate-600">E-mail: {user.email}</p>
      <Button type="submit" size="lg" pending={pending}>
        Salvar perfil
      </Button>
      <ResultLine result={result} id={`${formId}-result`} />
    </form>
  );
}

function ChangePassword({ onChanged }: { onChanged: (token: string) => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [result, setResult] = useState<Result>(null);
  const [mismatch, setMismatch] = useState(false);
  const [pending, setPending] = useState(false);
  const formId = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setMismatch(next !== confirmation);
    if (next !== confirmation) {
      setResult(null);
      return;
    }
    setPending(true);
    setResult(null);
    const data = await send(
      api.post<ChangePasswordResponse>('/api/user/change-password', {
        currentPassword: current,
        newPassword: next,
      }),
      { inline: (text) => setResult({ kind: 'error', text }) },
    );
    setPending(false);
    if (!data) return;
    onChanged(data.token);
    setCurrent('');
    setNext('');
    setConfirmation('');
    setResult({ kind: 'ok', text: data.message });
  }

  return (
    <form
      onSubmit={handleSubmit}
      aria-labelledby={`${formId}-title`}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id={`${formId}-title`} className="text-lg font-semibold text-slate-900">
        Alterar senha
      </h2>
      <p className="text-sm text-slate-600">
        As sessões abertas em outros dispositivos serão terminadas.
      </p>
      <PasswordField
        label="Senha atual"
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
      />
      <PasswordField
        label="Nova senha"
        autoComplete="new-password"
        value={next}
        onChange={setNext}
      />
      <PasswordField
        label="Confirmar nova senha"
        autoComplete="new-password"
        value={confirmation}
        onChange={setConfirmation}
        error={mismatch ? MISMATCH : null}
      />
      <Button type="submit" size="lg" pending={pending}>
        Alterar senha
      </Button>
      <ResultLine result={result} id={`${formId}-result`} />
    </form>
  );
}

/** `/profile`: name, photo and password of a local account; Clerk's own profile with Clerk. */
export default function Profile() {
  usePageTitle('Meu perfil');
  const { user, isLoaded } = useAuthUser();
  const updateSession = useSessionUpdater();
  const [passwordChanges, setPasswordChanges] = useState(0);

  if (!isLoaded) return <Loader />;
  if (!user) {
    return <SignInRequired title="Meu perfil" message="Entre para ver e alterar o seu perfil." />;
  }
  if (env.clerkPublishableKey || !updateSession) {
    return (
      <section className="mx-auto flex max-w-4xl flex-col items-center px-4 py-8">
        <h1 className="sr-only">Meu perfil</h1>
        <Suspense fallback={<Loader />}>
          <ClerkUserProfile routing="hash" />
        </Suspense>
        <div className="mt-6 w-full max-w-xl space-y-6">
          <EducatorTitleChoice />
          <DataSaverSetting />
          <PrivacySection />
        </div>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-semibold text-slate-900 md:text-3xl">Meu perfil</h1>
      <NameAndPhoto user={user} onSaved={(saved) => updateSession({ user: saved })} />
      <EducatorTitleChoice />
      <AccountEmailSection />
      <ChangePassword
        onChanged={(token) => {
          updateSession({ token });
          setPasswordChanges((n) => n + 1);
        }}
      />
      {/* Read again after a password change: the other sessions are gone. */}
      <SessionsSection key={passwordChanges} onNewToken={(token) => updateSession({ token })} />
      <TwoStepSettings />
      <MailPreferencesForm />
      <DataSaverSetting />
      <PrivacySection />
    </section>
  );
}

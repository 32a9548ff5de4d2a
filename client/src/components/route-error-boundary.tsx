import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router-dom';
import { errorMessage } from '../lib/api-error';
import { LoadError } from './ui/load-error';

/**
 * A layout's ErrorBoundary: whatever a loader or a page threw is said in Portuguese with 'Tentar
 * novamente', inside the layout that still works, instead of React Router's developer screen.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { revalidate, state } = useRevalidator();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <LoadError
        title="Página não encontrada"
        message="O endereço que você procurou não existe ou foi removido."
        onRetry={() => void revalidate()}
        retrying={state === 'loading'}
      />
    );
  }
  // Reading the loaders again also renders the page afresh: the router clears a render error once a
  // revalidation is over.
  const retry = () => void revalidate();
  return (
    <LoadError
      title="Algo deu errado"
      message={isRouteErrorResponse(error) ? messageOf(error.data) : errorMessage(error)}
      onRetry={retry}
      retrying={state === 'loading'}
    />
  );
}

function messageOf(data: unknown): string {
  if (typeof data === 'string' && data) return data;
  return errorMessage(data);
}

import { useId, useSyncExternalStore } from 'react';
import { browserSavesData, chooseSavingData, prefersSavingData, SAVE_DATA_KEY } from './save-data';

const CHANGED = 'aprendiz:save-data';

/** Hears this tab's choice and another tab's (the storage event), so every copy agrees. */
function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === SAVE_DATA_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGED, onChange);
  };
}

/** The profile's 'Vídeo' section: 'Poupar dados' for this device, as the player's own switch. */
export function DataSaverSetting() {
  const titleId = useId();
  const hintId = useId();
  // The server draws it off; the browser then shows this device's choice.
  const on = useSyncExternalStore(subscribe, prefersSavingData, () => false);
  const fromBrowser = useSyncExternalStore(subscribe, browserSavesData, () => false);

  return (
    <fieldset
      aria-labelledby={titleId}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        Vídeo
      </h2>
      <label className="flex items-center gap-3 text-slate-800">
        <input
          type="checkbox"
          checked={on}
          aria-describedby={hintId}
          onChange={(event) => {
            chooseSavingData(event.target.checked);
            window.dispatchEvent(new Event(CHANGED));
          }}
          className="h-4 w-4"
        />
        Poupar dados (240p)
      </label>
      <p id={hintId} className="text-sm text-slate-600">
        Neste aparelho, as aulas enviadas começam em 240p, que gasta cerca de um sexto dos dados de
        720p. Você pode trocar a qualidade no player a qualquer momento.
        {fromBrowser && ' Seu navegador pediu economia de dados, por isso ela já vem ligada.'}
      </p>
    </fieldset>
  );
}

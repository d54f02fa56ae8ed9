import { useEffect, useReducer, useRef } from 'react';
import { initialMoiFlow, moiFlowReducer, urlsInUse } from '../utils/moi-flow.js';

/**
 * The interview's flow (utils/moi-flow.ts), and the blob: URLs its recordings play from: a URL
 * is revoked as soon as its recording is thrown away (re-recorded, 'Start Over'), and all of them
 * when the student leaves the page, so no recording stays in memory after it is gone from view.
 */
export function useMoiFlow() {
  const [state, dispatch] = useReducer(moiFlowReducer, initialMoiFlow);
  const live = useRef(new Set<string>());

  useEffect(() => {
    const inUse = new Set(urlsInUse(state));
    for (const url of live.current) if (!inUse.has(url)) URL.revokeObjectURL(url);
    live.current = inUse;
  }, [state]);

  useEffect(
    () => () => {
      for (const url of live.current) URL.revokeObjectURL(url);
      live.current = new Set();
    },
    [],
  );

  return [state, dispatch] as const;
}

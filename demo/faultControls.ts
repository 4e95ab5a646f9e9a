/**
 * The tester's panel's "Faults" section (demo/faults.ts): per service, latency, an error rate and its
 * status, offline; an expired session for Auth; dropped sockets for Realtime. Each change is saved to
 * sessionStorage at once, which the stand-in reads per request.
 */
import {
  ERROR_STATUSES,
  FAULT_SERVICES,
  loadFaults,
  saveFaults,
  type ErrorStatus,
  type FaultService,
  type ServiceFaults,
} from './faults';
import { dropRealtimeSockets } from './standIn';

const NAMES: Record<FaultService, string> = {
  rest: 'REST',
  auth: 'Auth',
  storage: 'Storage',
  functions: 'Functions',
  realtime: 'Realtime',
};

function update(service: FaultService, change: (f: ServiceFaults) => void) {
  const faults = loadFaults(sessionStorage);
  change(faults[service]);
  saveFaults(sessionStorage, faults);
  if (service === 'realtime' && faults.realtime.dropped) dropRealtimeSockets();
}

function labelled(text: string, input: HTMLElement): HTMLLabelElement {
  const label = document.createElement('label');
  label.style.display = 'block';
  label.append(`${text} `, input);
  return label;
}

function numberInput(name: string, value: number, max: number, set: (n: number) => void) {
  const input = document.createElement('input');
  input.type = 'number';
  input.min = '0';
  input.max = String(max);
  input.value = String(value);
  input.style.width = '6em';
  input.addEventListener('change', () => set(Math.max(0, Math.min(max, Number(input.value) || 0))));
  return labelled(name, input);
}

function checkbox(name: string, checked: boolean, set: (on: boolean) => void) {
  const input = document.createElement('input');
  input.type = 'checkbox';
  input.checked = checked;
  input.addEventListener('change', () => set(input.checked));
  return labelled(name, input);
}

function serviceControls(service: FaultService, f: ServiceFaults): HTMLFieldSetElement {
  const set = update.bind(null, service);
  const fieldset = document.createElement('fieldset');
  const legend = document.createElement('legend');
  legend.textContent = NAMES[service];
  fieldset.append(legend);
  if (service === 'realtime') {
    fieldset.append(checkbox('Realtime dropped', f.dropped, (on) => set((x) => (x.dropped = on))));
    return fieldset;
  }
  const status = document.createElement('select');
  for (const code of ERROR_STATUSES)
    status.add(new Option(String(code), String(code), false, code === f.errorStatus));
  status.addEventListener('change', () => set((x) => (x.errorStatus = Number(status.value) as ErrorStatus)));
  fieldset.append(
    numberInput(`${NAMES[service]} latency (ms)`, f.latencyMs, 60_000, (n) => set((x) => (x.latencyMs = n))),
    numberInput(`${NAMES[service]} error rate (%)`, f.errorRate, 100, (n) => set((x) => (x.errorRate = n))),
    labelled(`${NAMES[service]} error status`, status),
    checkbox(`${NAMES[service]} offline`, f.offline, (on) => set((x) => (x.offline = on))),
  );
  if (service === 'auth')
    fieldset.append(
      checkbox('Auth: expired session', f.expiredSession, (on) => set((x) => (x.expiredSession = on))),
    );
  return fieldset;
}

export function faultControls(): HTMLElement {
  const faults = loadFaults(sessionStorage);
  const section = document.createElement('div');
  for (const service of FAULT_SERVICES) section.append(serviceControls(service, faults[service]));
  return section;
}

import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import App from '../App';
import { LocationProbe } from './LocationProbe';

/** The admin app at a path, as main.tsx mounts it; /admin/login shows where the guard sent us. */
export function renderAdmin(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/login" element={<LocationProbe />} />
        <Route path="/admin/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
}

import { useLocation } from 'react-router-dom';

/** Renders the router's current location so tests can assert where navigation went. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </output>
  );
}

import { screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { renderPage } from '../test/renderPage';
import { useSubscribe } from './useLive';

class Caught extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

function Follows({ topic }: { topic: string }) {
  useSubscribe([topic], () => undefined);
  return <p>following {topic}</p>;
}

describe('useSubscribe', () => {
  it('fails the screen, outside production, on a topic nothing can follow (a resource not live)', async () => {
    // React logs the error it hands to the boundary; that is the loud part, and expected here.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(
      <Caught>
        <Follows topic="resource/users" />
      </Caught>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('No live data for resource/users');
    logged.mockRestore();
  });
});

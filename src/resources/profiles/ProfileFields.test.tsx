import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { ProfileNameField } from './ProfileFields';

describe('ProfileNameField', () => {
  it("loads an app user's avatar without telling its host the admin's page (issue 16 finding 8)", () => {
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <RecordContextProvider
          value={{ id: 'p1', name: 'Asha', avatar: 'https://tracker.example/p.gif', avatar_path: null }}
        >
          <ProfileNameField />
        </RecordContextProvider>
      </QueryClientProvider>,
    );
    // alt="" (the name is written beside it): a presentational image, found by its tag.
    const avatar = container.querySelector('img');
    expect(avatar).toHaveAttribute('src', 'https://tracker.example/p.gif');
    expect(avatar).toHaveAttribute('referrerpolicy', 'no-referrer');
  });
});

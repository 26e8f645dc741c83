import { MessageLinks, MessagePage } from '../components/MessagePage';

export default function NotFoundPage() {
  return (
    <MessagePage
      className="py-24"
      top={<p className="text-6xl font-extrabold text-emerald-600">404</p>}
      title="Page not found"
      actions={
        <MessageLinks
          links={[
            ['/', 'Go home'],
            ['/dealsBrowse', 'Browse deals'],
          ]}
        />
      }
    >
      <p>Sorry, we couldn't find the page you were looking for. It may have moved, or the deal may have gone.</p>
    </MessagePage>
  );
}

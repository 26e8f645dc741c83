import { Route, Routes } from 'react-router';
import { RequireAuth } from '../../app/guards';

/** The admin area: its own lazy chunk (SPEC §2 Admin layout). */
export default function AdminRoutes() {
  return (
    <RequireAuth role="admin">
      <Routes>
        <Route index element={<h1 className="p-8 text-2xl font-bold">Dashboard</h1>} />
      </Routes>
    </RequireAuth>
  );
}

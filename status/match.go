package status

// matcher decides when `amux wait` is done. It sees every snapshot the
// watcher reads, in order, from the first (the state stored when wait
// started) on.
type matcher struct {
	opts     waitOptions
	baseline map[string]string // --command: each pane's last command end at start
	found    PaneState
}

// inScope applies --session and --workspace.
func (m *matcher) inScope(p PaneState) bool {
	if m.opts.session != "" && p.Session != m.opts.session {
		return false
	}
	if w := m.opts.workspace; w != "" && p.Workspace != w && p.WorkspaceName != w {
		return false
	}
	return true
}

// match reports whether a snapshot satisfies the wait, recording the pane.
func (m *matcher) match(panes []PaneState) bool {
	if m.opts.command {
		return m.matchCommand(panes)
	}
	if m.opts.published {
		views := make([]PaneState, len(panes))
		for i, p := range panes {
			views[i] = p.publishedView()
		}
		panes = views
	}
	best := -1
	for i, p := range panes {
		if !m.inScope(p) || !p.Reportable() {
			continue
		}
		if m.opts.states != nil && !m.opts.states[p.State] {
			continue
		}
		// Several panes may match at once: the newest report wins.
		if best < 0 || newerMillis(p.At, panes[best].At) {
			best = i
		}
	}
	if best < 0 {
		return false
	}
	m.found = panes[best]
	return true
}

// matchCommand waits for the next OSC 133 command completion: a pane whose
// last command end differs from what it was in the first snapshot.
func (m *matcher) matchCommand(panes []PaneState) bool {
	if m.baseline == nil {
		m.baseline = make(map[string]string, len(panes))
		for _, p := range panes {
			m.baseline[p.PaneID] = p.CommandEnded
		}
		return false
	}
	for _, p := range panes {
		if m.inScope(p) && p.CommandEnded != "" && p.CommandEnded != m.baseline[p.PaneID] {
			m.found = p
			return true
		}
	}
	return false
}

// newerMillis compares two stored Unix-ms strings numerically without
// parsing: longer is larger, equal lengths compare as text.
func newerMillis(a, b string) bool {
	if len(a) != len(b) {
		return len(a) > len(b)
	}
	return a > b
}

package workspace

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"time"

	"amux.dev/amux/config/atomicfile"
)

// ViewStateFile keeps where the person left the workbench, so a restart
// opens it the same way.
const ViewStateFile = "ui-state.json"

// ViewState is the workbench's layout and selection as last left: the
// cursor (a workspace, else a project), each workspace's shown tab, folded
// projects, and the panes' sizes. Tab order lives in each record's Tabs.
type ViewState struct {
	SelectedWorkspace string            `json:"selected_workspace,omitempty"` // workspace ID
	SelectedProject   string            `json:"selected_project,omitempty"`   // repository path, when no workspace is selected
	ActiveTabs        map[string]string `json:"active_tabs,omitempty"`        // workspace ID → tab ID
	Collapsed         []string          `json:"collapsed,omitempty"`          // repository paths of folded projects
	ListWidth         int               `json:"list_width,omitempty"`         // columns of the project list; 0 is the default
	ListHidden        bool              `json:"list_hidden,omitempty"`
	SidebarWidth      int               `json:"sidebar_width,omitempty"`
	SidebarHidden     bool              `json:"sidebar_hidden,omitempty"`
}

// Bounds on reading the file: a layout is small, and the path could hold
// anything (a FIFO) by mistake.
const (
	viewStateLimit   = 1 << 20
	viewStateTimeout = 2 * time.Second
)

func (l Layout) viewStateFile() string { return filepath.Join(l.Home, ViewStateFile) }

// ViewState reads the last saved layout. A missing file is the zero
// ViewState; an unreadable or corrupt one is the zero ViewState and an
// error (the workbench starts with the defaults and says so; the next save
// replaces the file — it is amux's own, holding nothing but this).
func (s *Store) ViewState() (ViewState, error) {
	data, err := atomicfile.ReadRegular(s.layout.Home, ViewStateFile, viewStateLimit, viewStateTimeout)
	if errors.Is(err, fs.ErrNotExist) {
		return ViewState{}, nil
	}
	if err != nil {
		return ViewState{}, fmt.Errorf("layout not restored: %w", err)
	}
	var v ViewState
	if err := json.Unmarshal(data, &v); err != nil {
		return ViewState{}, fmt.Errorf("layout not restored: %s: %w", s.layout.viewStateFile(), err)
	}
	return v, nil
}

// SaveViewState writes the layout atomically under its lock.
func (s *Store) SaveViewState(ctx context.Context, v ViewState) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Update(ctx, s.layout.viewStateFile(), registryPerm, func([]byte, bool) ([]byte, error) {
		return append(data, '\n'), nil
	})
}

package workspace

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
)

func TestViewStateSurvivesARestart(t *testing.T) {
	ctx := context.Background()
	home := t.TempDir()
	s := NewStore(home)
	if v, err := s.ViewState(); err != nil || !reflect.DeepEqual(v, ViewState{}) {
		t.Fatalf("missing file: %+v %v", v, err)
	}
	want := ViewState{SelectedWorkspace: "0123456789abcdef", ActiveTabs: map[string]string{"0123456789abcdef": "tab-1a2b-4"},
		Collapsed: []string{"/r/a"}, ListWidth: 34, SidebarHidden: true}
	if err := s.SaveViewState(ctx, want); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(filepath.Join(home, ViewStateFile))
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v", fi.Mode())
	}
	got, err := NewStore(home).ViewState() // a new process
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v %v", got, err)
	}
}

// A corrupt file, or something that is not a file, gives the defaults and
// says so; it never blocks the start.
func TestViewStateOfABadFileIsTheDefaults(t *testing.T) {
	for name, setup := range map[string]func(p string){
		"corrupt": func(p string) { os.WriteFile(p, []byte(`{"list_width": "wide"`), 0o600) },
		"a fifo":  func(p string) { syscall.Mkfifo(p, 0o600) },
		"a dir":   func(p string) { os.Mkdir(p, 0o700) },
	} {
		home := t.TempDir()
		setup(filepath.Join(home, ViewStateFile))
		v, err := NewStore(home).ViewState()
		if err == nil || !strings.Contains(err.Error(), "layout not restored") || !reflect.DeepEqual(v, ViewState{}) {
			t.Errorf("%s: %+v %v", name, v, err)
		}
	}
	// The next save replaces a corrupt file.
	home := t.TempDir()
	os.WriteFile(filepath.Join(home, ViewStateFile), []byte("{"), 0o600)
	s := NewStore(home)
	if err := s.SaveViewState(context.Background(), ViewState{ListHidden: true}); err != nil {
		t.Fatal(err)
	}
	if v, err := s.ViewState(); err != nil || !v.ListHidden {
		t.Fatalf("%+v %v", v, err)
	}
}

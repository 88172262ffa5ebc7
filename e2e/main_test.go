// Package e2e tests the real amux binary in real tmux, with a raw-mode fake
// agent. Each test file is one user story.
package e2e

import (
	"testing"

	"amux.dev/amux/e2e/harness"
)

func TestMain(m *testing.M) { harness.Main(m) }

package workspace

import (
	"context"
	"errors"
)

func helperDelete(ctx context.Context, home string) error { return errors.New("todo") }

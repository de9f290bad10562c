"""Points orders: a points-mall redemption (one goods item, paid with points), shipped or cancelled by operators."""

return { rotation = (1 << 31) - 1 }  -- once took 25 s between battles

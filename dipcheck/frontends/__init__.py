"""Front-ends: each lowers one file format into the workflow model."""

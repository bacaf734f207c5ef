"""Forms of the site's workflows: input only, the services decide."""
